import { z } from "zod";
import { messaging } from "~/config/messaging";
import { isAcceptableText, looksEmpty } from "~/leads/rules/fields";

// What a clerk may post on a record: a note (decision 140), a text to the customer. The browser checks the same
// schemas before posting.

export const MAX_NOTE_LENGTH = 2000;
export const NOTE_MESSAGES = {
  empty: "Write the note first.",
  tooLong: `Keep the note to ${MAX_NOTE_LENGTH.toLocaleString("en-US")} characters or fewer; split a longer one into two notes.`,
  characters: "The note contains characters we can't accept.",
  reload: "Reload the page and try again.",
  added: "Note added.",
} as const;

/** The signature of the notes each record kept in one field before notes were entries (migration 0019). */
export const BEFORE_NOTES_WERE_KEPT = "before notes were kept";

export const NoteSchema = z.object({
  intent: z.literal("note"),
  /** One per rendered form, so a retried post stores the note once. */
  formId: z.uuid({ error: NOTE_MESSAGES.reload }),
  note: z
    .string({ error: NOTE_MESSAGES.empty })
    .trim()
    .min(1, { error: NOTE_MESSAGES.empty, abort: true })
    .refine((value) => !looksEmpty(value), { error: NOTE_MESSAGES.empty, abort: true })
    .max(MAX_NOTE_LENGTH, NOTE_MESSAGES.tooLong)
    .refine((value) => isAcceptableText(value, "multi"), NOTE_MESSAGES.characters),
});

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F]/;

/** A text staff write on a record page; the store's name is added after it. */
export const StaffTextSchema = z.object({
  intent: z.literal("text"),
  /** One per rendered form, so a double click sends one text. */
  formId: z.uuid({ error: "Reload the page and try again." }),
  message: z
    .string({ error: "Write the text first." })
    .trim()
    .min(1, "Write the text first.")
    .max(messaging.staffTextMaxLength, `Keep the text to ${messaging.staffTextMaxLength} characters or fewer.`)
    .refine((value) => !CONTROL_EXCEPT_LINE_BREAKS.test(value), "The text contains characters we can't send."),
});

/** Whether staff may text a record's number, and why not. */
export interface TextingState {
  /** The number as people read it, or null when it can't receive texts. */
  to: string | null;
  /** Why the button is disabled; null when texting is allowed. */
  refusal: string | null;
  /** False while the Twilio credentials are missing: texts wait in the outbox. */
  providerReady: boolean;
  formId: string;
  maxLength: number;
}
