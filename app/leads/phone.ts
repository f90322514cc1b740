// The one way a typed phone number becomes a number a text can reach: the
// store texts US and Canadian numbers only, written E.164 (+1 and ten digits).
// migrations/0006 applies the same rule in SQL to consent records stored before it.

const E164_NANP = /^\+1\d{10}$/;

/** "(901) 555-0123", "901.555.0123" or "+1 901 555 0123" → "+19015550123"; null when it is not ten digits (eleven with a leading 1). */
export function textablePhone(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}

/** A number as the provider sends it (Twilio's From), checked rather than trusted. */
export function isTextablePhone(value: string): boolean {
  return E164_NANP.test(value);
}

/** "+19015550123" → "(901) 555-0123", for people to read. */
export function formatPhone(e164: string): string {
  return isTextablePhone(e164) ? `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}` : e164;
}
