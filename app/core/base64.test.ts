import { describe, expect, it } from "vitest";
import { fromBase64, fromBase64Url, toBase64, toBase64Url } from "./base64";

describe("base64", () => {
  const bytes = Uint8Array.from([0, 1, 62, 63, 250, 251, 254, 255]);

  it("round-trips every byte, plain and URL-safe", () => {
    expect([...fromBase64(toBase64(bytes))!]).toEqual([...bytes]);
    expect([...fromBase64Url(toBase64Url(bytes))!]).toEqual([...bytes]);
  });

  it("writes URL-safe text without + / or padding, and refuses anything else", () => {
    expect(toBase64Url(bytes)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url("abc+/=")).toBeNull();
  });

  it("answers null, never throws, for text no bytes encode to (a length one past a multiple of four)", () => {
    for (const text of ["", "A", "AAAAA", "ab==", "a b"]) expect(fromBase64Url(text)).toBeNull();
    expect(fromBase64("x".repeat(27) + "=")).toBeNull();
    // One byte is "AA"; "AB" sets bits no byte has.
    expect(fromBase64Url("AA")).toEqual(new Uint8Array([0]));
    expect(fromBase64Url("AB")).toBeNull();
    for (let length = 1; length < 9; length++) {
      const some = Uint8Array.from({ length }, (_, i) => 250 - i * 31);
      expect([...fromBase64Url(toBase64Url(some))!]).toEqual([...some]);
    }
  });
});
