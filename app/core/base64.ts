// Kept over @simplewebauthn/server's isoBase64URL: its only entry, `/helpers`, pulls ~245 KB of certificate and CBOR parsers
// (esbuild, tree-shaken) into the startup bundle that decision 118 keeps them out of (decision 121).
// Bytes as base64 and back, for password hashes and signed tokens. No imports:
// scripts/staff-create.ts runs the password module, and so this one, under Node.

export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** URL-safe, unpadded: fits a form field or a URL as it is. */
export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  return fromBase64(text.replace(/-/g, "+").replace(/_/g, "/"));
}
