import { describe, expect, it } from "vitest";
import { decodePKIXECDSASignature, ECDSASignature } from "@oslojs/crypto/ecdsa";
import { fromBase64Url } from "~/core/base64";
import { publicKeyVerifier } from "./public-key";

// A P-256 key whose y coordinate starts with a zero byte (about one key in 256), made once with
// WebCrypto and written as a COSE key by cborg, with its DER signature of MESSAGE.
const COSE_KEY = "pQECAyYgASFYINzGAFCQ1YphrTp8gt5OFiC2tDirVMhLhW8N_x_NkYJtIlggAKBoIDIz6fdgh57Cy_1-Q1nAk14ikAePN-yowOk3jxI";
const SIGNATURE = "MEYCIQD2juB32aOG5cwwc_xi-NzEbn8bVbgNoVoOtDztfwz7eQIhALM9xY_E8NotXERSa03zwqtZ4k-QRcnGzZ6oKwfWHCI8";
const MESSAGE = new TextEncoder().encode("signed by a key whose y starts with a zero byte");

const bytes = (text: string) => fromBase64Url(text)!;

describe("publicKeyVerifier", () => {
  it("checks an ES256 signature by a key whose y starts with a zero byte", async () => {
    const key = bytes(COSE_KEY);
    expect(key[key.length - 32]).toBe(0);
    const verify = await publicKeyVerifier(key);
    expect(await verify(bytes(SIGNATURE), MESSAGE)).toBe(true);
    expect(await verify(bytes(SIGNATURE), new TextEncoder().encode("another message"))).toBe(false);
  });

  it("refuses another encoding of a valid signature: an s longer than the curve's order, carrying r's last byte", async () => {
    const { r, s } = decodePKIXECDSASignature(bytes(SIGNATURE));
    const lastByteOfR = r & 0xffn;
    const moved = new ECDSASignature(r ^ 1n, (lastByteOfR << 256n) | s).encodePKIX();
    const verify = await publicKeyVerifier(bytes(COSE_KEY));
    expect(await verify(new Uint8Array(moved), MESSAGE)).toBe(false);
  });

  it("answers false, not an error, for a signature that is not DER", async () => {
    const verify = await publicKeyVerifier(bytes(COSE_KEY));
    expect(await verify(new Uint8Array([0x30, 0x02, 0x05]), MESSAGE)).toBe(false);
  });

  it("refuses a point off the curve, trailing bytes, and an algorithm not offered", async () => {
    const offCurve = bytes(COSE_KEY);
    offCurve[offCurve.length - 1] = offCurve.at(-1)! ^ 1;
    await expect(publicKeyVerifier(offCurve)).rejects.toThrow();
    await expect(publicKeyVerifier(new Uint8Array([...bytes(COSE_KEY), 0]))).rejects.toThrow();
    const es384 = new Uint8Array([0xa5, 0x01, 0x02, 0x03, 0x38, 0x22, 0x20, 0x02, 0x21, 0x40, 0x22, 0x40]);
    await expect(publicKeyVerifier(es384)).rejects.toThrow(/-35/);
  });
});
