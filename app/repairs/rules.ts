import { z } from "zod";
import { store } from "~/config/store";
import type { SaveConflict } from "~/inbox/rules";
import { MAX_NOTE_LENGTH, NOTE_MESSAGES } from "~/records/rules";
import { textablePhone } from "~/core/phone";
import { choiceField, emailField, isAcceptableText, nameFieldAsking, optionalSingleLine, phoneFieldAsking } from "~/leads/rules/fields";
import { parseDate, storeDate } from "~/core/store-time";
import { REPAIR_STATUSES, type RepairStatus } from "~/core/repair-statuses";

// What staff post about repairs and what a customer posts to look one up.
// The browser runs the same schemas for instant feedback; the server decides.

export const WORK_TYPES = [
  "Ring sizing",
  "Solder / chain repair",
  "Stone setting or replacement",
  "Prong retipping",
  "Watch battery",
  "Watch repair",
  "Cleaning & polish",
  "Other",
] as const;

/** What the clerk ticks at the counter to note the piece's state; the notes box takes the rest. */
export const CONDITION_PICKS = ["Scratches", "Dents", "Loose stone", "Missing stone", "Worn prongs", "Engraving"] as const;

/**
 * The words the clerk reads to the customer; each consent record keeps them and this version. Since
 * decision 141 they cover the estimate text too (purpose "repair-updates"); a repair logged under the
 * older words ("2026-12-repair-ready", one text when ready) is never texted an estimate.
 */
export const REPAIR_TEXT_CONSENT_VERSION = "2027-01-repair-updates";
export const REPAIR_TEXT_CONSENT_TEXT =
  `The customer agrees to receive text messages from ${store.name} at the phone number above about this repair: ` +
  `an estimate to approve, if the work needs one, and when it is ready for pickup. Message and data rates may apply. ` +
  `Reply STOP to opt out and HELP for help. Consent is not a condition of the repair.`;

export const REPAIR_MESSAGES = {
  created: "Repair logged.",
  failure: "The repair could not be saved. Please try again.",
  saved: "Status saved.",
  textPhone: "To send a text, enter a 10-digit US phone number with its area code, or untick the text box.",
  workDetail: "Describe the work for “Other”.",
  notFound: `We couldn't find that repair. Check both the ticket number and the last 4 digits of your phone, or call us at ${store.phone.display}.`,
  estimateAsked: "Estimate sent to the customer.",
  estimateByForm: "To ask the customer to approve an estimate, use “Ask for approval” below.",
  noEstimatePending: `There is no estimate waiting for your answer on this repair. Call us at ${store.phone.display} with any questions.`,
  approved: "Thank you: you approved the estimate. We will go ahead with the work.",
  declined: "You declined the estimate. Your piece will be ready for pickup, not repaired.",
  completionPhotosAdded: (count: number) => (count === 1 ? "Completion photo added." : `${count} completion photos added.`),
  completionPhotosMissing: "Take or choose at least one photo of the finished work.",
  completionPhotosFull: "This repair has its 6 completion photos already.",
  completionPhotosMeanwhile: "Someone added completion photos while this page was open: they are shown above. Choose yours again if they are still needed.",
  completionPhotosReload: "This page is out of date: reload it, then add the photos again.",
  ticketPaused: `This ticket has been looked up too many times today without the right digits, so we have paused its look-up. Please call us at ${store.phone.display} and we'll tell you how your repair is doing.`,
} as const;

/** The intent of the "Add completion photos" post on a repair's page (multipart, beside its other forms). */
export const COMPLETION_PHOTOS_INTENT = "completion-photos";
/**
 * How many completion photos the page showed when its form was drawn: the new ones take the places after them,
 * so a form posted twice (a double tap with JavaScript off, a resent page) stores its photos once.
 */
export const COMPLETION_PHOTOS_SHOWN_FIELD = "shown";

const MAX_ESTIMATE_DOLLARS = 100_000;

/** "$120", "120.5", "1,200.00" → cents; "" → null. Anything else is a field error. */
const estimateField = z
  .string()
  .trim()
  .max(20, "Enter the estimate in dollars, like 85 or 85.50.")
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const match = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(value);
    if (!match) {
      ctx.addIssue({ code: "custom", message: value.includes("-") ? "The estimate can't be negative." : "Enter the estimate in dollars, like 85 or 85.50." });
      return z.NEVER;
    }
    const cents = Number(match[1]!.replaceAll(",", "")) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
    if (cents > MAX_ESTIMATE_DOLLARS * 100) {
      ctx.addIssue({ code: "custom", message: `Keep the estimate under $${MAX_ESTIMATE_DOLLARS.toLocaleString("en-US")}.` });
      return z.NEVER;
    }
    return cents;
  });

const promisedDateField = z
  .string({ error: "Choose the promised date." })
  .trim()
  .min(1, "Choose the promised date.")
  .refine((value) => parseDate(value) !== null, "Choose a valid date.");

const isPast = (date: string) => date < storeDate();
const PAST_DATE = "The promised date can't be in the past.";

/** The new repair's first note (optional): it becomes the repair's first entry in its notes (decision 140). */
const firstNoteField = z
  .string()
  .trim()
  .max(MAX_NOTE_LENGTH, NOTE_MESSAGES.tooLong)
  .refine((value) => isAcceptableText(value, "multi"), NOTE_MESSAGES.characters)
  .default("");

/** The quick picks ticked and the notes typed, as one text the staff page and the store's copy show. */
export function conditionText(picks: readonly string[], notes: string): string {
  const picked = picks.length > 0 ? `${picks.join(", ")}.` : "";
  return [picked, notes.trim()].filter(Boolean).join(" ");
}

const conditionNotesField = z
  .string()
  .max(1000, "Keep the condition notes to 1,000 characters or fewer.")
  .refine((value) => isAcceptableText(value, "multi"), "The condition notes contain characters we can't accept.")
  .default("");

export const NewRepairSchema = z
  .object({
    /** One per rendered form, so a double submit stores one repair. */
    formId: z.uuid({ error: "Reload the page and try again." }),
    // A clerk fills this in: the words name whose details they are.
    name: nameFieldAsking("Enter the customer's name."),
    phone: phoneFieldAsking("Enter the customer's phone number."),
    email: emailField.optional(),
    item: optionalSingleLine(120, "Item").refine((value) => value !== undefined, "Describe the item, like “14k yellow gold ring”."),
    work: choiceField(WORK_TYPES, "Choose the work from the list."),
    workDetail: optionalSingleLine(200, "Details"),
    estimate: estimateField,
    promisedDate: promisedDateField.refine((date) => !isPast(date), PAST_DATE),
    staffNote: firstNoteField,
    conditionPicks: z.array(z.enum(CONDITION_PICKS, { error: "Choose from the listed conditions." })).default([]),
    conditionNotes: conditionNotesField,
    textConsent: z.literal("on", { error: "Tick the box, or leave it empty." }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.work === "Other" && !value.workDetail) ctx.addIssue({ code: "custom", path: ["workDetail"], message: REPAIR_MESSAGES.workDetail });
    if (value.textConsent && !textablePhone(value.phone)) ctx.addIssue({ code: "custom", path: ["phone"], message: REPAIR_MESSAGES.textPhone });
  });

export type NewRepair = z.output<typeof NewRepairSchema>;

/**
 * A status change from the repair's page. It carries the version the page showed
 * (a stale one changes nothing) and the promised date it showed: a date in the
 * past is refused only when it is a new one.
 */
export const RepairStatusSchema = z
  .object({
    status: z.enum(REPAIR_STATUSES, { error: "Choose one of the listed statuses." }),
    version: z.coerce.number({ error: "Reload the page and try again." }).int().positive(),
    estimate: estimateField,
    promisedDate: promisedDateField,
    shownPromisedDate: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.promisedDate !== value.shownPromisedDate && isPast(value.promisedDate)) {
      ctx.addIssue({ code: "custom", path: ["promisedDate"], message: PAST_DATE });
    }
  });

export type RepairStatusChange = z.output<typeof RepairStatusSchema>;

/** A status change that met a newer one: the repair as it is now (estimate and date as staff read them), and who changed it. */
export interface RepairConflict extends SaveConflict<RepairStatus> {
  estimate: string;
  promised: string;
}

const requiredEstimate = estimateField.refine((cents) => cents !== null, "Enter the estimate in dollars, like 85 or 85.50.");

/** A clerk asks the customer to approve an estimate: the amount and the work found, over the version the page showed. */
export const EstimateRequestSchema = z.object({
  version: z.coerce.number({ error: "Reload the page and try again." }).int().positive(),
  amount: requiredEstimate,
  description: z
    .string({ error: "Describe the work found, for the customer." })
    .trim()
    .min(1, "Describe the work found, for the customer.")
    .max(500, "Keep the description to 500 characters or fewer.")
    .refine((value) => isAcceptableText(value, "multi"), "The description contains characters we can't accept."),
});
export type EstimateRequest = z.output<typeof EstimateRequestSchema>;

/** The customer's look-up. Only emptiness is a field error; any other input is looked up (and a miss counts). */
export const RepairLookupSchema = z.object({
  ticket: z.string({ error: "Enter the number on your ticket." }).trim().min(1, "Enter the number on your ticket.").max(100, REPAIR_MESSAGES.notFound),
  last4: z
    .string({ error: "Enter the last 4 digits of your phone number." })
    .trim()
    .min(1, "Enter the last 4 digits of your phone number.")
    .max(100, REPAIR_MESSAGES.notFound),
});

/** The customer's answer to an estimate on /repair: the look-up's fields again, the estimate they saw, and their choice. */
export const EstimateDecisionSchema = RepairLookupSchema.extend({
  estimate: z.coerce.number({ error: REPAIR_MESSAGES.noEstimatePending }).int().positive(),
  decision: z.enum(["approve", "decline"], { error: "Choose Approve or Decline." }),
});

/** Dollars as staff and the ticket show them: 8550 → "$85.50", null → "". */
export function formatEstimate(cents: number | null): string {
  if (cents === null) return "";
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: cents % 100 ? 2 : 0, maximumFractionDigits: 2 })}`;
}

/** The estimate as the form shows it again: 8550 → "85.50". */
export function estimateInput(cents: number | null): string {
  return cents === null ? "" : (cents / 100).toFixed(cents % 100 ? 2 : 0);
}
