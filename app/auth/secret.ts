/** The HMAC key behind session cookies, toasts and form tokens (a wrangler secret; .dev.vars locally). */
export function requireSessionSecret(env: Pick<Env, "SESSION_SECRET">): string {
  if (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32) {
    throw new Error("SESSION_SECRET must be set (at least 32 characters)");
  }
  return env.SESSION_SECRET;
}

const keys = new Map<string, Promise<CryptoKey>>();

/** SESSION_SECRET as an HMAC-SHA-256 key for the site's own signed tokens, imported once per isolate. */
export function sessionSigningKey(env: Pick<Env, "SESSION_SECRET">): Promise<CryptoKey> {
  const secret = requireSessionSecret(env);
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
