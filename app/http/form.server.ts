import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { HONEYPOT_FIELD } from "./form";

// The honeypot is kept over remix-utils' Honeypot: that one adds a provider around the forms and an encrypted
// timestamp field, for what one empty hidden field does here (decision 121).
// The first steps of every form post on the server, lead forms and staff forms
// alike: refuse a bot that filled the honeypot, then parse with the form's
// schema from its rules module (the server is the authority).

const UNREADABLE = "We couldn't read this form. Please reload the page and try again.";

/** People never see the honeypot field; a value in it means a bot filled the form. */
export function checkHoneypot(formData: FormData): void {
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.length > 0) {
    throw new Response("Form not submitted properly.", { status: 400 });
  }
}

export function parseForm<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  checkHoneypot(formData);
  try {
    return parseWithZod(formData, { schema });
  } catch {
    // A malformed conform intent (a hand-made post) is the sender's mistake, not a crash.
    throw new Response(UNREADABLE, { status: 400 });
  }
}
