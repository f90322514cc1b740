import { describe, expect, it } from "vitest";
import { manageToken, verifyManageToken } from "./manage-token.server";

const env = { SESSION_SECRET: "unit-test-secret-0123456789abcdef0123456789" };
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

describe("manage tokens", () => {
  it("open the booking they were made for", async () => {
    const reference = crypto.randomUUID();
    expect(await verifyManageToken(env, await manageToken(env, reference))).toBe(reference);
  });

  it("refuse every token with one character of the signature changed, the last one included", async () => {
    for (let round = 0; round < 4; round++) {
      const token = await manageToken(env, crypto.randomUUID());
      const start = token.indexOf(".") + 1;
      for (let position = start; position < token.length; position++) {
        for (const replacement of BASE64URL) {
          if (replacement === token[position]) continue;
          const changed = token.slice(0, position) + replacement + token.slice(position + 1);
          expect(await verifyManageToken(env, changed), changed).toBeNull();
        }
      }
    }
  });

  it("refuse another secret's token, and anything that is not a token", async () => {
    const reference = crypto.randomUUID();
    const foreign = await manageToken({ SESSION_SECRET: "another-secret-0123456789abcdef0123456789ab" }, reference);
    for (const bad of [foreign, reference, `${reference}.`, "not-a-token", 42, null]) {
      expect(await verifyManageToken(env, bad)).toBeNull();
    }
  });
});
