import { describe, expect, it } from "vitest";
import { fromBase64, fromBase64Url, toBase64, toBase64Url } from "./base64";

describe("base64", () => {
  const bytes = Uint8Array.from([0, 1, 62, 63, 250, 251, 254, 255]);

  it("round-trips every byte, plain and URL-safe", () => {
    expect([...fromBase64(toBase64(bytes))]).toEqual([...bytes]);
    expect([...fromBase64Url(toBase64Url(bytes))!]).toEqual([...bytes]);
  });

  it("writes URL-safe text without + / or padding, and refuses anything else", () => {
    expect(toBase64Url(bytes)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url("abc+/=")).toBeNull();
  });
});
