import { decodeBase64, decodeBase64urlIgnorePadding, encodeBase64, encodeBase64urlNoPadding } from "@oslojs/encoding";

// Bytes as base64 and back, for password hashes, signed tokens, webhook signatures and passkeys, through
// @oslojs/encoding (the passkey parsers' own, decision 129). What is added here: text that does not decode is
// null, never an exception, since most of it is a visitor's. The decoder refuses a last character whose
// unused bits are set.

export function toBase64(bytes: Uint8Array): string {
  return encodeBase64(bytes);
}

/** Null for text that is not padded base64 (a webhook's signature header is anyone's text). */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return new Uint8Array(decodeBase64(text));
  } catch {
    return null;
  }
}

/** URL-safe, unpadded: fits a form field or a URL as it is. */
export function toBase64Url(bytes: Uint8Array): string {
  return encodeBase64urlNoPadding(bytes);
}

/** Null for text that is not unpadded base64url, including a length no bytes encode to. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    return new Uint8Array(decodeBase64urlIgnorePadding(text));
  } catch {
    return null;
  }
}
