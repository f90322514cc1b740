import { z } from "zod";

import "~/http/form";
import { toE164 } from "../../core/phone";

// Field rules shared by every public form (and the text rule the staff note
// follows too). The same schema runs in the browser for instant feedback and on
// the server, which is the authority.

// One rule for every text field, single-line or not (docs/decisions/050): no
// character that hides, reorders or breaks what staff read in the dashboard,
// an e-mail or a spreadsheet.
//  - control characters (C0, DEL, C1); a message may keep tab, CR and LF;
//  - bidi marks, embeddings, overrides and isolates (U+061C, U+200E, U+200F,
//    U+202A–U+202E, U+2066–U+2069): they reorder how a stored value displays;
//  - the line and paragraph separators U+2028 and U+2029;
//  - the byte order mark U+FEFF anywhere, and noncharacters (U+FFFE, U+FFFF,
//    U+FDD0–U+FDEF …), which are not text.
// Zero-width joiners and non-joiners stay: emoji and scripts such as Persian need them.
const CONTROL_CHARACTERS = /\p{Cc}/u;
const CONTROL_CHARACTERS_BUT_LINE_BREAKS = /(?![\t\n\r])\p{Cc}/u;
const NOT_TEXT = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u2028\u2029\uFEFF]|\p{Noncharacter_Code_Point}/u;
const PHONE_PATTERN = /^[0-9 +\-().]{7,30}$/;
// Zero-width characters: a value made only of them (and spaces) looks empty to a person.
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;

/** The text rule (above): single-line text refuses every control character, multi-line keeps tab, CR and LF. */
export function isAcceptableText(value: string, lines: "single" | "multi"): boolean {
  const controls = lines === "single" ? CONTROL_CHARACTERS : CONTROL_CHARACTERS_BUT_LINE_BREAKS;
  return !controls.test(value) && !NOT_TEXT.test(value);
}

/** Nothing but spaces and invisible characters. */
export const looksEmpty = (value: string) => value.replace(ZERO_WIDTH, "").trim().length === 0;

function required(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .refine((value) => !looksEmpty(value), { error: message, abort: true });
}

/** Single-line text: no control characters at all (no CR/LF either). */
function singleLine(requiredMessage: string, max: number, label: string) {
  return required(requiredMessage)
    .max(max, `${label} must be ${max} characters or fewer.`)
    .refine((value) => isAcceptableText(value, "single"), { message: `${label} contains characters we can't accept.` });
}

/** A name field whose empty message is `message` (staff forms name whose name it is: "Enter the customer's name."). */
export const nameFieldAsking = (message: string) => singleLine(message, 100, "Name");
export const nameField = nameFieldAsking("Please enter your name.");

export const PHONE_MESSAGE =
  "Enter a 10-digit phone number with its area code, like (901) 555-0123, or a number from abroad starting with +.";

/**
 * Digits and the usual punctuation, 30 characters at most, that make a number
 * dialable from anywhere: one message for all. The value comes out in E.164
 * ("+19015550123"), so every table stores one spelling (docs/decisions/105).
 */
export const phoneFieldAsking = (message: string) =>
  required(message)
    .refine((value) => PHONE_PATTERN.test(value) && toE164(value) !== null, { error: PHONE_MESSAGE, abort: true })
    .transform((value) => toE164(value)!);
export const phoneField = phoneFieldAsking("Please enter your phone number.");

export const emailField = required("Please enter your e-mail address.")
  .max(254, "E-mail must be 254 characters or fewer.")
  .pipe(z.email("Enter a valid e-mail address, like name@example.com."));

export const messageField = required("Please enter a message.")
  .max(2000, "Message must be 2,000 characters or fewer.")
  .refine((value) => isAcceptableText(value, "multi"), { message: "Message contains characters we can't accept." });

/** One of a fixed list of options (a select); anything else gets `message`. */
export function choiceField<const Options extends readonly [string, ...string[]]>(options: Options, message: string) {
  return z.enum(options, { error: message });
}

/**
 * Optional single-line text, e.g. the "Other" descriptions; the form decides when it is required.
 * The same text rule as a name; a value that only looks empty (zero-width characters) counts as none.
 */
export function optionalSingleLine(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer.`)
    .refine((value) => isAcceptableText(value, "single"), { message: `${label} contains characters we can't accept.` })
    .transform((value) => (looksEmpty(value) ? undefined : value))
    .optional();
}

/** Optional multi-line text (a description): the message's text rule; only-looks-empty counts as none. */
export function optionalMultiLine(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be ${max.toLocaleString("en-US")} characters or fewer.`)
    .refine((value) => isAcceptableText(value, "multi"), { message: `${label} contains characters we can't accept.` })
    .transform((value) => (looksEmpty(value) ? undefined : value))
    .optional();
}

/** Name of the hidden field with the signed submission token (see submission-token.server.ts). */
export const SUBMISSION_TOKEN_FIELD = "submissionToken";
