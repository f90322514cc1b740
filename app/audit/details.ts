// The audit page's Details column as sentences (issue 27): the stored details
// are a small JSON object per action (app/audit/log.server.ts records them);
// here they become words a store owner reads, not key: value pairs.

import { isLeadStatus, LEAD_STATUS_LABELS } from "~/core/lead-statuses";
import { isRepairStatus, REPAIR_STATUS_LABELS } from "~/core/repair-statuses";
import { isOneOf } from "~/core/one-of";
import { TEXT_FILTER_LABELS, TEXT_FILTERS } from "~/core/text-filters";

type Details = Record<string, unknown>;

const METHOD_WORDS: Record<string, string> = { password: "a password", passkey: "a passkey" };
const WHEN_WORDS: Record<string, string> = { today: "today's visits", upcoming: "upcoming visits", past: "past visits" };

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
const text = (value: unknown) => (typeof value === "string" ? value : "");
/** A lead's or a repair's status (or the Repairs tab's "overdue", the Texts list's "replied") as staff read it. */
function statusWord(value: unknown): string {
  if (isLeadStatus(value)) return LEAD_STATUS_LABELS[value];
  if (isRepairStatus(value)) return REPAIR_STATUS_LABELS[value];
  if (isOneOf(TEXT_FILTERS, value)) return TEXT_FILTER_LABELS[value];
  return value === "overdue" ? "Overdue" : text(value);
}

function signInSentence(details: Details, failed: boolean): string {
  const method = METHOD_WORDS[text(details.method)];
  const how = method ? `With ${method}` : "";
  if (!failed) return how ? `${how}.` : "";
  const reason = text(details.reason) === "paused" ? "sign-in was paused after too many tries" : text(details.reason);
  return [how, reason].filter(Boolean).join(": ").replace(/^./, (first) => first.toUpperCase()) + ".";
}

function exportSentence(details: Details): string {
  const rows = typeof details.rows === "number" ? details.rows : 0;
  const filters = [
    text(details.q) ? `matching “${text(details.q)}”` : "",
    text(details.status) ? `with status ${statusWord(details.status)}` : "",
    WHEN_WORDS[text(details.when)] ?? "",
  ].filter(Boolean);
  const what = `${plural(rows, "row")}, ${filters.length ? filters.join(", ") : "with no search or filter"}.`;
  return details.complete === false ? `${what} The download stopped before the end.` : what;
}

/** The generic form for anything without its own sentence: "Rows 2; complete yes." */
function fallbackSentence(details: Details): string {
  const parts = Object.entries(details)
    .filter(([, value]) => value !== "" && value !== null && value !== undefined)
    .map(([key, value]) => `${key.replace(/([A-Z])/g, " $1").toLowerCase()} ${value === true ? "yes" : value === false ? "no" : String(value)}`);
  return parts.length ? `${parts.join("; ").replace(/^./, (first) => first.toUpperCase())}.` : "";
}

/** What an entry's details say, as a sentence or two; "" when there is nothing to add. */
export function auditDetailsSentence(action: string, stored: string): string {
  if (!stored) return "";
  let details: Details;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return stored;
    details = parsed as Details;
  } catch {
    return stored;
  }
  switch (action) {
    case "sign-in":
      return signInSentence(details, false);
    case "sign-in-failed":
      return signInSentence(details, true);
    case "session-ended":
      return details.thisDevice === true ? "On this device." : "On another device.";
    case "password-set":
      return text(details.link) === "invite" ? "From an invitation link." : text(details.link) === "reset" ? "From a reset link." : fallbackSentence(details);
    case "lead-status-changed":
    case "lead-updated":
    case "repair-status-changed":
      return text(details.status) ? `Status set to ${statusWord(details.status)}.` : fallbackSentence(details);
    case "leads-exported":
    case "repairs-exported":
    case "texts-exported":
      return exportSentence(details);
    case "audit-exported":
      return typeof details.rows === "number" ? `${plural(details.rows, "entry", "entries")}.` : fallbackSentence(details);
    default:
      return fallbackSentence(details);
  }
}
