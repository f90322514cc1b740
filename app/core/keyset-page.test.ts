import { describe, expect, it } from "vitest";
import { keysetPage } from "./keyset-page";

describe("keysetPage", () => {
  it("reads the first page newest first, with older rows when the query found one more", () => {
    expect(keysetPage(null, [9, 8, 7], 2)).toEqual({ rows: [9, 8], hasOlder: true, hasNewer: false });
    expect(keysetPage(null, [9, 8], 2)).toEqual({ rows: [9, 8], hasOlder: false, hasNewer: false });
  });

  it("after a row: newer rows exist; going back (before) the rows come oldest first and are turned round", () => {
    expect(keysetPage({ direction: "after", id: 7 }, [6, 5], 2)).toEqual({ rows: [6, 5], hasOlder: false, hasNewer: true });
    expect(keysetPage({ direction: "before", id: 4 }, [5, 6, 7], 2)).toEqual({ rows: [6, 5], hasOlder: true, hasNewer: true });
    expect(keysetPage({ direction: "before", id: 4 }, [5, 6], 2)).toEqual({ rows: [6, 5], hasOlder: true, hasNewer: false });
  });
});
