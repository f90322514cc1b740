// What a clerk types in the Texts list's search (decision 144): every word must be in the text, or, written like
// part of a phone number, in the sender's number. The list holds few rows (texts from numbers no record has), so it
// needs no trigram index; each word is bound and looked for as it is (app/texts/list.server.ts).
import { phoneDigits } from "~/core/phone";
import { MAX_SEARCH_LENGTH } from "~/core/search-term";

export interface TextSearchWord {
  /** The word, in the text's body. */
  word: string;
  /** Or its digits, in the sender's number (E.164), when the word is written like part of one. */
  digits: string | null;
}

export type TextSearchPlan = { words: TextSearchWord[] } | { error: string };

/**
 * The search's words, each once: a repeated word finds nothing more, and D1 binds at most 100 values a query
 * (100 characters make at most 50 words; each distinct one binds one or two values, well under the limit).
 * A search longer than the field allows is refused, not cut: its last words would be lost without a word.
 */
export function planTextSearch(q: string): TextSearchPlan {
  // The field's maxlength counts as .length does (UTF-16 units).
  if (q.length > MAX_SEARCH_LENGTH) return { error: `Type at most ${MAX_SEARCH_LENGTH} characters.` };
  const words = [...new Set(q.split(/\s+/).filter(Boolean))];
  return {
    words: words.map((word) => ({ word, digits: phoneDigits(word) || null })),
  };
}
