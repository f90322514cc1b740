import { describe, expect, it } from "vitest";
import { sessionSecrets, signJwt, signMessage, verifyJwt, verifyMessage } from "./secret";

const NEW = "new-secret-0123456789abcdef0123456789abcdef";
const OLD = "old-secret-0123456789abcdef0123456789abcdef";

describe("SESSION_SECRET", () => {
  it("is an ordered list, trimmed, the current secret first", () => {
    expect(sessionSecrets({ SESSION_SECRET: ` ${NEW} , ${OLD} ` })).toEqual([NEW, OLD]);
    expect(sessionSecrets({ SESSION_SECRET: NEW })).toEqual([NEW]);
  });

  it("refuses a missing or short secret rather than signing with it", () => {
    for (const bad of ["", " , ", "short", `${NEW},short`]) {
      expect(() => sessionSecrets({ SESSION_SECRET: bad }), bad).toThrow(/SESSION_SECRET/);
    }
  });

  it("signs with the first and verifies with each listed secret", async () => {
    const rotating = { SESSION_SECRET: `${NEW},${OLD}` };
    const byOld = await signMessage({ SESSION_SECRET: OLD }, "m");
    expect(await verifyMessage(rotating, "m", byOld)).toBe(true);
    expect(await verifyMessage({ SESSION_SECRET: NEW }, "m", byOld)).toBe(false);
    expect(await signMessage(rotating, "m")).toEqual(await signMessage({ SESSION_SECRET: NEW }, "m"));

    const jwtByOld = await signJwt({ SESSION_SECRET: OLD }, { sub: "1" });
    expect(await verifyJwt(rotating, jwtByOld)).toMatchObject({ sub: "1" });
    expect(await verifyJwt({ SESSION_SECRET: NEW }, jwtByOld)).toBeNull();
    expect(await verifyJwt(rotating, "not.a.token")).toBeNull();
  });
});
