import { describe, expect, it } from "vitest";
import { fromBase64Url } from "./base64";
import { seal, sessionSecrets, signJwt, signMessage, unseal, verifyJwt, verifyMessage } from "./secret";

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

describe("sealing", () => {
  const text = JSON.stringify({ email: "ada@example.com" });

  it("gives text no one can read without the secret, and back under each listed secret", async () => {
    const sealed = await seal({ SESSION_SECRET: OLD }, "flash", text);
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(new TextDecoder().decode(fromBase64Url(sealed)!)).not.toContain("ada@");
    expect(await unseal({ SESSION_SECRET: `${NEW},${OLD}` }, "flash", sealed)).toBe(text);
    expect(await unseal({ SESSION_SECRET: NEW }, "flash", sealed)).toBeNull();
    // A fresh IV each time: the same text never seals to the same value.
    expect(await seal({ SESSION_SECRET: OLD }, "flash", text)).not.toBe(sealed);
  });

  it("opens nothing sealed for another purpose, changed, cut short or not sealed at all", async () => {
    const env = { SESSION_SECRET: NEW };
    const sealed = await seal(env, "flash", text);
    const flipped = sealed.slice(0, 20) + (sealed[20] === "A" ? "B" : "A") + sealed.slice(21);
    for (const [label, value, purpose] of [
      ["another purpose", sealed, "other"],
      ["a changed byte", flipped, "flash"],
      ["cut short", sealed.slice(0, 10), "flash"],
      ["empty", "", "flash"],
      ["not base64url", "%%%", "flash"],
    ] as const) {
      expect(await unseal(env, purpose, value), label).toBeNull();
    }
  });
});
