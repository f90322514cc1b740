import { z } from "zod";
import { isAcceptableText, looksEmpty } from "~/leads/rules/fields";

// What a clerk may post as a note on a record (decision 140). The browser checks the same schema before posting.

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
