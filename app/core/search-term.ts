// What a staff list's search box holds, read from its URL the same way by every list (the inboxes, Repairs, Texts).

export const MAX_SEARCH_LENGTH = 100;

/**
 * Control characters (C0, DEL, C1) in a search read as word breaks, like the
 * tab or line break a paste brings: FTS5 would take a NUL for the end of its
 * query, and no name, e-mail or phone holds one.
 */
const CONTROL_CHARACTERS = /\p{Cc}+/gu;

/** A staff list's search term from its URL (`q`), control characters read as spaces, trimmed. */
export function readSearchTerm(params: URLSearchParams): string {
  return (params.get("q") ?? "").replace(CONTROL_CHARACTERS, " ").trim();
}
