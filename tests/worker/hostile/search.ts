// Hostile searches for the staff inboxes: every control character (C0, DEL and
// C1), alone and around a word, sent to the page, its data endpoint and the CSV
// export. FTS5 reads a NUL as the end of its query, so an unfiltered one turned
// into "unterminated string" and a 500. The runner is tests/worker/hostile-search.test.ts.

/** U+0000–U+001F, U+007F and U+0080–U+009F: what Unicode calls control characters (\p{Cc}). */
export const CONTROL_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, code) => code),
  0x7f,
  ...Array.from({ length: 0x20 }, (_, code) => 0x80 + code),
].map((code) => String.fromCharCode(code));

export function label(character: string): string {
  return `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

export interface SearchCase {
  name: string;
  /** The q parameter as typed (before URL encoding). */
  q: (word: string) => string;
  /** Whether the lead named by `word` must be among the results (false: the search is empty, every lead shows). */
  finds: boolean;
}

/** The ways one control character can reach the search box. */
export function searchCases(character: string): SearchCase[] {
  const name = label(character);
  return [
    { name: `${name} before the word`, q: (word) => `${character}${word}`, finds: true },
    { name: `${name} inside the word`, q: (word) => `${word.slice(0, 4)}${character}${word.slice(4)}`, finds: true },
    { name: `${name} twice after the word`, q: (word) => `${word}${character}${character}`, finds: true },
    { name: `${name} alone`, q: () => character.repeat(3), finds: false },
  ];
}
