import jwt from "@tsndr/cloudflare-worker-jwt";
import { fromBase64Url, toBase64Url } from "./base64";

// The one signing module (decision 120). Everything the site signs goes through here: the staff session and device
// JWTs, React Router's signed cookies (the booking flash), the HMAC form and manage tokens, the booking caps' keys,
// and what it seals (the flash toast's cookie, which may name a visitor's e-mail: decision 132).
// SESSION_SECRET is a comma-separated list, the current secret first: the first signs, every one verifies, so a
// rotation ("new,old") signs nobody out and kills no link already e-mailed; dropping "old" later retires it.

type SecretEnv = Pick<Env, "SESSION_SECRET">;

const MIN_SECRET_LENGTH = 32;
const parsed = new Map<string, readonly string[]>();

/** SESSION_SECRET as its ordered list of secrets: the current one first. Throws when unset or a secret is short. */
export function sessionSecrets(env: SecretEnv): readonly string[] {
  const setting = env.SESSION_SECRET ?? "";
  let secrets = parsed.get(setting);
  if (!secrets) {
    secrets = setting
      .split(",")
      .map((secret) => secret.trim())
      .filter((secret) => secret.length > 0);
    if (secrets.length === 0 || secrets.some((secret) => secret.length < MIN_SECRET_LENGTH)) {
      throw new Error(
        `SESSION_SECRET must be set: one secret of at least ${MIN_SECRET_LENGTH} characters, or "new,old" while rotating`,
      );
    }
    parsed.set(setting, secrets);
  }
  return secrets;
}

const keys = new Map<string, Promise<CryptoKey>>();

/** A secret as an HMAC-SHA-256 key, imported once per isolate. */
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(secret, key);
  }
  return key;
}

const encoder = new TextEncoder();

/** HMAC-SHA-256 of `message` under the current secret (32 bytes). */
export async function signMessage(env: SecretEnv, message: string): Promise<Uint8Array<ArrayBuffer>> {
  const [current] = sessionSecrets(env);
  return new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(current!), encoder.encode(message)));
}

/** Whether `signature` is the HMAC of `message` under any listed secret. */
export async function verifyMessage(env: SecretEnv, message: string, signature: BufferSource): Promise<boolean> {
  const bytes = encoder.encode(message);
  for (const secret of sessionSecrets(env)) {
    if (await crypto.subtle.verify("HMAC", await hmacKey(secret), signature, bytes)) return true;
  }
  return false;
}

/** An HS256 JWT of `claims` under the current secret. */
export function signJwt(env: SecretEnv, claims: object): Promise<string> {
  const [current] = sessionSecrets(env);
  return jwt.sign(claims as Record<string, unknown>, current!, { algorithm: "HS256" });
}

/** The payload of an HS256 JWT signed by any listed secret and not expired, or null; never throws on a bad token. */
export async function verifyJwt<Claims>(env: SecretEnv, token: string): Promise<Partial<Claims> | null> {
  for (const secret of sessionSecrets(env)) {
    try {
      const verified = await jwt.verify<Claims>(token, secret, { algorithm: "HS256" });
      if (verified) return verified.payload ?? null;
    } catch {
      // malformed: no other secret reads it either
      return null;
    }
  }
  return null;
}

/** The `secrets` of React Router's createCookie: it signs with the first and unsigns with any. */
export function cookieSecrets(env: SecretEnv): string[] {
  return [...sessionSecrets(env)];
}

const sealKeys = new Map<string, Promise<CryptoKey>>();

/** A secret's AES-256-GCM key for sealing: derived from it by HKDF, so it is never the HMAC or JWT key itself. */
function sealKey(secret: string): Promise<CryptoKey> {
  let key = sealKeys.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("sealed v1") },
          material,
          { name: "AES-GCM", length: 256 },
          false,
          ["encrypt", "decrypt"],
        ),
      );
    sealKeys.set(secret, key);
  }
  return key;
}

const IV_BYTES = 12;

/**
 * `text` encrypted and authenticated under the current secret (AES-256-GCM, a random IV), bound to `purpose`:
 * base64url of the IV and the ciphertext. Nobody without the secret can read it or change it unnoticed.
 */
export async function seal(env: SecretEnv, purpose: string, text: string): Promise<string> {
  const [current] = sessionSecrets(env);
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(purpose) },
    await sealKey(current!),
    encoder.encode(text),
  );
  const sealed = new Uint8Array(IV_BYTES + ciphertext.byteLength);
  sealed.set(iv);
  sealed.set(new Uint8Array(ciphertext), IV_BYTES);
  return toBase64Url(sealed);
}

/** The text `seal` sealed for `purpose` under any listed secret, or null for anything else; never throws. */
export async function unseal(env: SecretEnv, purpose: string, sealed: string): Promise<string | null> {
  const bytes = fromBase64Url(sealed);
  if (!bytes || bytes.length <= IV_BYTES) return null;
  const algorithm = { name: "AES-GCM", iv: bytes.subarray(0, IV_BYTES), additionalData: encoder.encode(purpose) };
  for (const secret of sessionSecrets(env)) {
    try {
      return new TextDecoder().decode(await crypto.subtle.decrypt(algorithm, await sealKey(secret), bytes.subarray(IV_BYTES)));
    } catch {
      // sealed under another secret, for another purpose, or tampered with: the next secret may open it
    }
  }
  return null;
}
