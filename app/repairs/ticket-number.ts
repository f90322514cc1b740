// Repair ticket numbers (docs/decisions/113): "R-" and six characters of
// Crockford's base 32, grouped 4 + 2 ("R-7K3M-9Q"). Each character is 5 random
// bits from the platform's CSPRNG, so a number says nothing about the one before
// it and 30 bits leave about a billion to guess from. The alphabet has no I, L,
// O or U, so what is read aloud or copied by hand is not mistaken; the reader
// forgives those letters, lower case, spaces and missing dashes.

export const TICKET_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const RANDOM_CHARACTERS = 6;
const TICKET_PATTERN = /^R-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{2}$/;

/** `count` random bytes from the platform's CSPRNG. */
const cryptoBytes = (count: number) => crypto.getRandomValues(new Uint8Array(count));

/**
 * A new ticket number; the database's unique index is what guarantees no two
 * repairs share one. `randomBytes` is for tests, which draw from a seeded source.
 */
export function newTicketNumber(randomBytes: (count: number) => Uint8Array = cryptoBytes): string {
  const bytes = randomBytes(RANDOM_CHARACTERS);
  // 256 is a multiple of 32, so the low five bits of a random byte are uniform.
  const characters = Array.from(bytes, (byte) => TICKET_ALPHABET[byte & 31]).join("");
  return `R-${characters.slice(0, 4)}-${characters.slice(4)}`;
}

export function isTicketNumber(value: string): boolean {
  return TICKET_PATTERN.test(value);
}

/** The longest input the reader looks at: a ticket typed with spaces around it. */
const MAX_TYPED_LENGTH = 30;

/**
 * A ticket as a customer may type it ("r 7k3m 9q", "R7K3M9Q", "R-7K3M-9O") in its
 * one written form, or null when it cannot be one.
 */
export function readTicketNumber(typed: string): string | null {
  if (typed.length > MAX_TYPED_LENGTH) return null;
  const upper = typed.trim().toUpperCase();
  // "R-…" or "R …" names the prefix; "R7K3M9Q" has it only when one character too many.
  const prefixed = /^R[\s-]/.test(upper);
  let characters = upper.replace(/[\s-]/g, "");
  if (prefixed || (characters.startsWith("R") && characters.length === RANDOM_CHARACTERS + 1)) characters = characters.slice(1);
  characters = characters.replace(/O/g, "0").replace(/[IL]/g, "1");
  const ticket = `R-${characters.slice(0, 4)}-${characters.slice(4)}`;
  return characters.length === RANDOM_CHARACTERS && isTicketNumber(ticket) ? ticket : null;
}
