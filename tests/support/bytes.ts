// Bytes written by tests: what a crafted photo, a raw multipart body or a software authenticator is made of.

export type Bytes = Uint8Array<ArrayBuffer>;

export const u16 = (n: number) => [(n >>> 8) & 255, n & 255];
export const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

export function concat(...parts: (Uint8Array | number[])[]): Bytes {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
