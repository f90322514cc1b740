// PBKDF2-SHA-256 through WebCrypto. Workers cap PBKDF2 at 100,000 iterations, so
// that is both the default and the maximum; the stored string carries algorithm,
// iterations and salt so the cost can change without breaking old hashes.
// scripts/staff-create.ts runs this same file under Node: relative imports only, with their extension.

import { fromBase64, toBase64 } from "../core/base64.ts";

const ALGORITHM = "pbkdf2-sha256";
const PASSWORD_ITERATIONS = 100_000;

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number) {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(password),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt, iterations },
    key,
    256,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PASSWORD_ITERATIONS) {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, iterations);
  return `${ALGORITHM}$${iterations}$${toBase64(salt)}$${toBase64(hash)}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, iterationText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterationText);
  if (
    algorithm !== ALGORITHM ||
    !saltText ||
    !hashText ||
    !Number.isInteger(iterations) ||
    iterations < 1 ||
    iterations > PASSWORD_ITERATIONS
  ) {
    return false;
  }
  const expected = fromBase64(hashText);
  const salt = fromBase64(saltText);
  if (!expected || !salt) return false;
  const actual = await derive(password, salt, iterations);
  if (actual.length !== expected.length) return false;
  let difference = 0;
  for (let i = 0; i < actual.length; i++) difference |= actual[i]! ^ expected[i]!;
  return difference === 0;
}

/**
 * A hash of a random password, verified against when no account matches the
 * e-mail, so an unknown address costs the same time as a wrong password.
 */
export const DECOY_PASSWORD_HASH =
  "pbkdf2-sha256$100000$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
