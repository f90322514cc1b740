import { describe, expect, it } from "vitest";
import { leadHref } from "../core/dashboard-links";
import { inboxHref, parseInboxView, tabHref } from "./view";

describe("an inbox view in the URL", () => {
  it("reads what staff asked for and writes it back the same way", () => {
    const view = parseInboxView(new URLSearchParams("tab=appointments&when=past&status=no_show&q=ada&after=100.7"));
    expect(view).toEqual({ kind: "appointment", q: "ada", status: "no_show", when: "past", cursor: { direction: "after", key: 100, id: 7 } });
    expect(inboxHref(view)).toBe("/dashboard?tab=appointments&when=past&status=no_show&q=ada&after=100.7");
  });

  it("falls back to the defaults for anything it does not know", () => {
    const view = parseInboxView(new URLSearchParams("tab=secrets&status=no_show&when=later&after=x"));
    expect(view).toEqual({ kind: "appointment", q: "", status: "no_show", when: "upcoming", cursor: null });
    // No-show belongs to appointments only.
    expect(parseInboxView(new URLSearchParams("tab=orders&status=no_show")).status).toBeNull();
  });

  it("reads control characters in a search as word breaks", () => {
    expect(parseInboxView(new URLSearchParams("q=%00ada%01%1Flove%7F%C2%9Flace%0D%0A")).q).toBe("ada love lace");
    expect(parseInboxView(new URLSearchParams("q=%00%00%00")).q).toBe("");
  });

  it("links tabs and records by their inbox address", () => {
    expect(tabHref("contact")).toBe("/dashboard?tab=contacts");
    expect(leadHref("order", 12)).toBe("/dashboard/orders/12");
  });
});
