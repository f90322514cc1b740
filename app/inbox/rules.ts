import { z } from "zod";
import type { LeadStatus } from "~/core/lead-statuses";
import { LEAD_KINDS, type LeadKind } from "~/core/lead-kinds";
import { statusesFor } from "./view";

// What staff may post about a lead: a status from its row or its record page
// (its notes are app/records/). The browser checks the same schemas before posting.

export const STATUS_ERROR = "Choose one of the listed statuses.";
export const VERSION_ERROR = "This page is out of date: reload it and save again.";
export const SEAT_TAKEN_ERROR =
  "Another booking holds this time now, so this appointment can't be reopened. Book the visitor a new time instead.";

/** The version of the status a form started from (docs/decisions/106): a hidden field. */
export const versionField = z.coerce.number({ error: VERSION_ERROR }).int(VERSION_ERROR).min(1, VERSION_ERROR);

function detailsSchema(kind: LeadKind) {
  const statuses = statusesFor(kind);
  return z.object({
    version: versionField,
    status: z.enum(statuses as [string, ...string[]], { error: STATUS_ERROR }).transform(
      (value) => value as (typeof statuses)[number],
    ),
  });
}

/** One schema per kind (no-show is for appointments only), built once. */
export const DETAILS_SCHEMAS = Object.fromEntries(LEAD_KINDS.map((kind) => [kind, detailsSchema(kind)])) as Record<
  LeadKind,
  ReturnType<typeof detailsSchema>
>;

/** What a status change from an inbox row answers when it asked for an inline answer. */
export type StatusActionData =
  | { ok: true; status: LeadStatus; version: number }
  /** `version`: the one a save knowing of the newer change may name. */
  | { ok: false; error: string; version?: number };

/**
 * A save that met a newer change: the lead (or repair, decision 131) as it is now, and who changed it. Nothing of
 * either was written over.
 */
export interface SaveConflict<Status extends string = LeadStatus> {
  message: string;
  status: Status;
  version: number;
}

/** "Changed by ann@example.com at Nov 20, 2026, 3:05 PM, here is the status now." */
export function changedByMessage(by: string | null, atLabel: string | null, what = "here is the status now"): string {
  const who = by ?? "someone else";
  return atLabel ? `Changed by ${who} at ${atLabel}, ${what}.` : `Changed by ${who}, ${what}.`;
}

