import { describe, expect, it } from "vitest";
import { HYDRATE } from "./page-scripts";
import { pageStyles, STAFF_STYLES } from "./page-styles";

const route = (handle?: unknown) => ({ handle });

describe("pageStyles", () => {
  it("is the public site's stylesheet unless a matched route asks for the staff one", () => {
    expect(pageStyles([route(), route(HYDRATE)])).toBe("site");
    expect(pageStyles([])).toBe("site");
  });

  it("is the staff stylesheet when any matched route asks for it", () => {
    expect(pageStyles([route(), route({ ...HYDRATE, ...STAFF_STYLES }), route()])).toBe("staff");
  });
});
