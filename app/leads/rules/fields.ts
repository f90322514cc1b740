import { z } from "zod";

import "~/http/form";

// Field rules shared by every public form. The same schema runs in the browser
// for instant feedback and on the server, which is the authority.

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LINE_BREAKS = /[\r\n\t]/;
const PHONE_PATTERN = /^[0-9 +\-().]{7,30}$/;
// Direction overrides and isolates can make a stored name display reordered in the dashboard; no name needs them.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
// Zero-width characters: a value made only of them (and spaces) looks empty to a person.
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;

function required(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .refine((value) => value.replace(ZERO_WIDTH, "").trim().length > 0, { error: message, abort: true });
}

/** Single-line text: no control characters at all (no CR/LF either). */
function singleLine(requiredMessage: string, max: number, label: string) {
  return required(requiredMessage)
    .max(max, `${label} must be ${max} characters or fewer.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value) && !LINE_BREAKS.test(value) && !BIDI_CONTROLS.test(value), {
      message: `${label} contains characters we can't accept.`,
    });
}

export const nameField = singleLine("Please enter your name.", 100, "Name");

export const phoneField = required("Please enter your phone number.").regex(
  PHONE_PATTERN,
  "Enter a phone number of 7 to 30 digits; spaces and + - ( ) . are fine.",
);

export const emailField = required("Please enter your e-mail address.")
  .max(254, "E-mail must be 254 characters or fewer.")
  .pipe(z.email("Enter a valid e-mail address, like name@example.com."));

export const messageField = required("Please enter a message.")
  .max(2000, "Message must be 2,000 characters or fewer.")
  .refine((value) => !CONTROL_CHARACTERS.test(value), {
    message: "Message contains characters we can't accept.",
  });

/** One of a fixed list of options (a select); anything else gets `message`. */
export function choiceField<const Options extends readonly [string, ...string[]]>(options: Options, message: string) {
  return z.enum(options, { error: message });
}

/** Optional single-line text, e.g. the "Other" descriptions; the form decides when it is required. */
export function optionalSingleLine(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or fewer.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value) && !LINE_BREAKS.test(value), {
      message: `${label} contains characters we can't accept.`,
    })
    .optional();
}

/** Name of the hidden field with the signed submission token (see submission-token.server.ts). */
export const SUBMISSION_TOKEN_FIELD = "submissionToken";
