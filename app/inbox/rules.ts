import { z } from "zod";
import type { LeadStatus } from "~/db/schema";
import { LEAD_KINDS, type LeadKind } from "~/leads/kinds";
import { isAcceptableText } from "~/leads/rules/fields";
import { statusesFor } from "./view";

// What staff may post about a lead: a status from its row, or status and note
// from its record page. The browser checks the same schemas before posting.

export const MAX_NOTE_LENGTH = 2000;
export const STATUS_ERROR = "Choose one of the listed statuses.";

function detailsSchema(kind: LeadKind) {
  const statuses = statusesFor(kind);
  return z.object({
    status: z.enum(statuses as [string, ...string[]], { error: STATUS_ERROR }).transform(
      (value) => value as (typeof statuses)[number],
    ),
    staffNote: z
      .string()
      .max(MAX_NOTE_LENGTH, `Keep the note to ${MAX_NOTE_LENGTH.toLocaleString("en-US")} characters or fewer.`)
      .refine((value) => isAcceptableText(value, "multi"), "The note contains characters we can't accept.")
      .default(""),
  });
}

/** One schema per kind (no-show is for appointments only), built once. */
export const DETAILS_SCHEMAS = Object.fromEntries(LEAD_KINDS.map((kind) => [kind, detailsSchema(kind)])) as Record<
  LeadKind,
  ReturnType<typeof detailsSchema>
>;

/** What a status change from an inbox row answers when it asked for an inline answer. */
export type StatusActionData = { ok: true; status: LeadStatus } | { ok: false; error: string };
