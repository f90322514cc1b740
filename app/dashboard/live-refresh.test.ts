import { describe, expect, it } from "vitest";
import { isLiveRefresh, liveRefreshHref, unreadAfterFor } from "./live-refresh";

describe("a staff list's live refresh", () => {
  it("asks the same path and view again, with the two live parameters", () => {
    expect(liveRefreshHref("/dashboard", "tab=contacts&q=ring", 12)).toBe("/dashboard?tab=contacts&q=ring&live=1&unreadAfter=12");
    expect(liveRefreshHref("/dashboard/repairs", "", 0)).toBe("/dashboard/repairs?live=1&unreadAfter=0");
  });

  it("is read back by the loader from the address it built", () => {
    const params = new URL(liveRefreshHref("/dashboard/repairs", "status=ready", 7), "https://example.com").searchParams;
    expect(isLiveRefresh(params)).toBe(true);
    expect(params.get("status")).toBe("ready");
    expect(unreadAfterFor(params, 40)).toBe(7);
  });

  it("keeps what the account had seen on an ordinary load, whatever the address claims", () => {
    expect(isLiveRefresh(new URLSearchParams("unreadAfter=3"))).toBe(false);
    expect(unreadAfterFor(new URLSearchParams("unreadAfter=3"), 40)).toBe(40);
  });

  it("ignores a mark that is not a whole number of zero or more", () => {
    for (const bad of ["-1", "1.5", "abc", "9007199254740993"]) {
      expect(unreadAfterFor(new URLSearchParams({ live: "1", unreadAfter: bad }), 40)).toBe(40);
    }
  });
});
