// How staff read a customer's text (decision 144): the words as sent, with what a screen would not show (control
// characters, direction overrides) made visible, so a text can neither hide words nor reorder the page's. And the
// short forms a notice about one uses: the sender as "Maya T." and the first words of the text.

/** C0 controls but tab and line breaks, DEL, C1 controls, and the bidirectional overrides and isolates. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const HIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A character by its code point, "[U+0007]": readable in any font (Unicode's Control Pictures, "␇", are in few). */
function visible(char: string): string {
  return `[U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}]`;
}

/** The text with every control character named by its code point ("a\u0007b" → "a[U+0007]b"); tabs and line breaks stay. */
export function visibleText(body: string): string {
  return body.replace(HIDDEN, visible);
}

/** At most `max` characters of the text on one line, cut at a word where one is near, with "…" when cut. */
export function textPreview(body: string, max = 80): string {
  const line = visibleText(body).replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * "Maya Thompson" → "Maya T.", "Cher" → "Cher": how a notice names a customer, as a lock screen may show it to
 * anyone nearby; null for no name. Without a letter it is no name (a phone number): kept as it is.
 */
export function shortName(name: string | null | undefined): string | null {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  if (!/\p{L}/u.test(name!)) return words.join(" ");
  const last = words.length > 1 ? words[words.length - 1]! : null;
  return last ? `${words[0]} ${last[0]!.toUpperCase()}.` : words[0]!;
}
