import { data } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { CLOSED_DAY_MESSAGE, TIME_MESSAGES, type Availability } from "./rules/appointment";

type Reply = (errors: { fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]>;

/**
 * The answer to a booking post for a day the store closed or a time it blocked
 * (a crafted post, or a page loaded before the owner's change): the field says
 * why, nothing is stored, and the form shows the open days and times again.
 */
export function refuseNotOpen(intake: { reply: Reply }, problem: "closed" | "not-offered", availability: Availability | null) {
  const fieldErrors: Record<string, string[]> = problem === "closed" ? { date: [CLOSED_DAY_MESSAGE] } : { time: [TIME_MESSAGES.notOffered] };
  return data({ result: intake.reply({ fieldErrors }), availability }, { status: problem === "closed" ? 409 : 400 });
}
