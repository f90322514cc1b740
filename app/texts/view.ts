// The Texts list's view in the URL (/dashboard/texts?q=…&status=…&after=…), shared by the server that reads it and
// the browser that builds links: a search, whether a clerk has answered, and a page, newest first.
import { readSearchTerm } from "~/core/search-term";
import { TEXT_FILTERS, type TextFilter } from "~/core/text-filters";
import { isOneOf } from "~/core/one-of";
import { parseRowId } from "~/core/row-id";
import { LISTS, recordHref } from "~/core/staff-lists";

export const TEXTS_PATH = LISTS.texts.page;
export const TEXT_PAGE_SIZE = 50;

export interface TextsView {
  /** The search as typed (trimmed), whole: one too long is refused by the field, not cut. */
  q: string;
  status: TextFilter | null;
  /** Keyset: the page starts after (older) or before (newer) this id. */
  cursor: { direction: "after" | "before"; id: number } | null;
}

export const ALL_TEXTS: TextsView = { q: "", status: null, cursor: null };

export function parseTextsView(params: URLSearchParams): TextsView {
  const status = params.get("status");
  const after = parseRowId(params.get("after"));
  const before = parseRowId(params.get("before"));
  return {
    q: readSearchTerm(params),
    status: isOneOf(TEXT_FILTERS, status) ? status : null,
    cursor: after !== null ? { direction: "after", id: after } : before !== null ? { direction: "before", id: before } : null,
  };
}

export function textsSearch(view: TextsView): string {
  const params = new URLSearchParams();
  if (view.status) params.set("status", view.status);
  if (view.q) params.set("q", view.q);
  if (view.cursor) params.set(view.cursor.direction, String(view.cursor.id));
  return params.toString();
}

export function textsHref(view: TextsView = ALL_TEXTS): string {
  const search = textsSearch(view);
  return search ? `${TEXTS_PATH}?${search}` : TEXTS_PATH;
}

export function textHref(id: number): string {
  return recordHref("texts", id);
}
