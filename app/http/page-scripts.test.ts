import { describe, expect, it } from "vitest";
import { HYDRATE, HYDRATE_ON_INTENT, pageHydrates, pageScripts } from "./page-scripts";

const route = (handle?: unknown) => ({ handle });

describe("pageScripts", () => {
  it("is none when no matched route asks for scripts", () => {
    expect(pageScripts([route(), route({ other: 1 })])).toBe("none");
    expect(pageHydrates([route()])).toBe(false);
  });

  it("waits for the visitor when a route asks for that", () => {
    expect(pageScripts([route(), route(HYDRATE_ON_INTENT)])).toBe("on-intent");
    expect(pageHydrates([route(HYDRATE_ON_INTENT)])).toBe(true);
  });

  it("runs at once when any matched route needs that, wherever it sits", () => {
    expect(pageScripts([route(HYDRATE), route(HYDRATE_ON_INTENT)])).toBe("eager");
    expect(pageScripts([route(HYDRATE_ON_INTENT), route(HYDRATE)])).toBe("eager");
  });
});
