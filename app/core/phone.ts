// Phone numbers, one way everywhere (docs/decisions/105): the form rules turn
// what a visitor typed into E.164 once (`toE164`), every table stores that, and
// people read it one way (`formatPhone`) and dial it from one link (`telHref`).
// A 10-digit number is taken as a US one (+1). The store texts US and Canadian
// numbers only (`textablePhone`). migrations/0011 applies the same rule in SQL to
// the rows stored before it.

const E164_NANP = /^\+1\d{10}$/;
/** E.164: a + and at most 15 digits; the shortest numbers in use have 8 with their country code. */
const E164 = /^\+[1-9]\d{7,14}$/;

/**
 * "(901) 555-0123", "901.555.0123" or "+1 901 555 0123" → "+19015550123"; "+44 20 7946 0958" → "+442079460958".
 * Null when it is neither ten digits (eleven with a leading 1) nor a + with a country code and 8 to 15 digits.
 */
export function toE164(typed: string): string | null {
  const digits = typed.replace(/\D/g, "");
  const international = typed.trim().startsWith("+");
  if (!international && digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  if (international && !digits.startsWith("1") && E164.test(`+${digits}`)) return `+${digits}`;
  return null;
}

/** "(901) 555-0123", "901.555.0123" or "+1 901 555 0123" → "+19015550123"; null when it is not a US or Canadian number. */
export function textablePhone(phone: string): string | null {
  const e164 = toE164(phone);
  return e164 && E164_NANP.test(e164) ? e164 : null;
}

/** A number as the provider sends it (Twilio's From), checked rather than trusted. */
export function isTextablePhone(value: string): boolean {
  return E164_NANP.test(value);
}

/**
 * "+19015550123" → "(901) 555-0123", for people to read; another country's number stays "+44…".
 * A value stored before E.164 (a short number kept as typed) is shown as it is.
 */
export function formatPhone(phone: string): string {
  const e164 = toE164(phone);
  if (!e164) return phone;
  return E164_NANP.test(e164) ? `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}` : e164;
}

const PHONE_LIKE = /^[\d\s().+-]+$/;

/**
 * A search word as the digits of a phone number when it is written like part of one ("(901)", "555-0123", "+1"),
 * so it finds the number however it is stored or typed ("" for a word of only its marks, "-"); null for any other word.
 */
export function phoneDigits(word: string): string | null {
  return PHONE_LIKE.test(word) ? word.replace(/\D/g, "") : null;
}

/** "tel:+19015550123": with the country code, so it dials from anywhere; a number kept as typed dials its digits. */
export function telHref(phone: string): string {
  return `tel:${toE164(phone) ?? phone.replace(/[^\d+]/g, "")}`;
}
