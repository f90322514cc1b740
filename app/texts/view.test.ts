import { describe, expect, it } from "vitest";
import { parseTextsView, textsHref } from "./view";

describe("the Texts list's view in the URL", () => {
  it("reads back what it writes: search, filter and page", () => {
    const view = { q: "gold & 100%", status: "not-replied", cursor: { direction: "after", id: 42 } } as const;
    const href = textsHref(view);
    expect(href).toBe("/dashboard/texts?status=not-replied&q=gold+%26+100%25&after=42");
    expect(parseTextsView(new URL(href, "https://example.test").searchParams)).toEqual(view);
    expect(textsHref()).toBe("/dashboard/texts");
  });

  it("drops a filter it does not know and keeps the whole search, control characters read as spaces", () => {
    const long = "y".repeat(150);
    expect(parseTextsView(new URLSearchParams({ status: "unread", q: ` a\u0000b ${long} ` }))).toEqual({ q: `a b ${long}`, status: null, cursor: null });
  });
});
