/** The HMAC key behind session cookies, toasts and form tokens (a wrangler secret; .dev.vars locally). */
export function requireSessionSecret(env: Pick<Env, "SESSION_SECRET">): string {
  if (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32) {
    throw new Error("SESSION_SECRET must be set (at least 32 characters)");
  }
  return env.SESSION_SECRET;
}
