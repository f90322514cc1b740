// The Texts list's view in the URL (/dashboard/texts?after=…), shared by the server that reads it and the browser
// that builds links: only a page, newest first.
import { parseRowId } from "~/core/row-id";
import { LISTS, recordHref } from "~/core/staff-lists";

export const TEXTS_PATH = LISTS.texts.page;
export const TEXT_PAGE_SIZE = 50;

export interface TextsView {
  /** Keyset: the page starts after (older) or before (newer) this id. */
  cursor: { direction: "after" | "before"; id: number } | null;
}

export function parseTextsView(params: URLSearchParams): TextsView {
  const after = parseRowId(params.get("after"));
  const before = parseRowId(params.get("before"));
  return { cursor: after !== null ? { direction: "after", id: after } : before !== null ? { direction: "before", id: before } : null };
}

export function textsSearch(view: TextsView): string {
  return view.cursor ? new URLSearchParams({ [view.cursor.direction]: String(view.cursor.id) }).toString() : "";
}

export function textsHref(view: TextsView = { cursor: null }): string {
  const search = textsSearch(view);
  return search ? `${TEXTS_PATH}?${search}` : TEXTS_PATH;
}

export function textHref(id: number): string {
  return recordHref("texts", id);
}
