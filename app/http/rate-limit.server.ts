import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { rateLimits } from "~/db/schema";

/** What every limiter answers; callers turn `allowed: false` into a clear 429. */
export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the current window ends (for Retry-After and the message). */
  retryAfterSeconds: number;
}

/** "1 minute", "14 minutes": how long a refused sender waits, rounded up, for the message beside the form. */
export function waitFor(result: RateLimitResult): string {
  const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** The Retry-After header of a refused request. */
export function retryAfterHeaders(result: RateLimitResult): Record<string, string> {
  return { "Retry-After": String(result.retryAfterSeconds) };
}

/**
 * A route's `headers` export for a form that may be refused with 429: React
 * Router passes an action's headers on to the document response only through it.
 */
export function passRetryAfter({ actionHeaders }: { actionHeaders: Headers }): Headers {
  const retryAfter = actionHeaders.get("Retry-After");
  return new Headers(retryAfter ? { "Retry-After": retryAfter } : {});
}

export interface RateLimiter {
  /** Counts one event for `key` and says whether it is within the limit. */
  hit(key: string): Promise<RateLimitResult>;
  /**
   * Counts one try for `key` before the caller verifies anything, unless the key
   * is already paused: a paused key is refused without counting, so trying during
   * a pause never extends it and the pause ends with its window.
   */
  attempt(key: string): Promise<RateLimitResult>;
  /** Takes back one counted try (the try succeeded, or was refused by another key). */
  forgive(key: string): Promise<void>;
  /** Forgets `key` (e.g. after a successful sign-in). */
  reset(key: string): Promise<void>;
}

/**
 * A fixed-window counter in D1. One UPSERT per hit, so concurrent requests
 * cannot slip past the limit between a read and a write.
 */
export function d1RateLimiter(env: Pick<Env, "DB">, options: { limit: number; windowMs: number }): RateLimiter {
  const db = getDb(env);
  const windowStartFor = (now: number) => now - (now % options.windowMs);
  const retryAfter = (windowStart: number, now: number) =>
    Math.max(1, Math.ceil((windowStart + options.windowMs - now) / 1000));

  /**
   * One UPSERT: a new window starts at 1; within it the count grows by one, up
   * to `cap` when given (a capped count stays as it was once it is reached).
   */
  async function count(key: string, cap: number | null): Promise<RateLimitResult> {
    const now = Date.now();
    const windowStart = windowStartFor(now);
    const next = cap === null ? sql`${rateLimits.count} + 1` : sql`min(${rateLimits.count} + 1, ${cap})`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { count: sql`CASE WHEN ${rateLimits.windowStart} = ${windowStart} THEN ${next} ELSE 1 END`, windowStart },
      })
      .returning({ count: rateLimits.count });
    return { allowed: (row?.count ?? 1) <= options.limit, retryAfterSeconds: retryAfter(windowStart, now) };
  }

  return {
    hit: (key) => count(key, null),
    // Stops at limit + 1 ("paused"): a refused try changes nothing, so it never extends the pause.
    attempt: (key) => count(key, options.limit + 1),
    async forgive(key) {
      const windowStart = windowStartFor(Date.now());
      await db
        .update(rateLimits)
        .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
        .where(sql`${rateLimits.key} = ${key} AND ${rateLimits.windowStart} = ${windowStart} AND ${rateLimits.count} <= ${options.limit}`);
    },
    async reset(key) {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    },
  };
}

/** The client's address as Cloudflare reports it; "local" in dev and tests. */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}

/**
 * The Workers Rate Limiting binding. It only counts (no cap, no reset) and its
 * period is fixed in wrangler.toml, so it serves the form limit but not login
 * throttling, which needs `attempt`, `forgive` and `reset`.
 */
function workersRateLimiter(binding: RateLimit, periodSeconds: number): Pick<RateLimiter, "hit"> {
  return {
    async hit(key) {
      const { success } = await binding.limit({ key });
      return { allowed: success, retryAfterSeconds: periodSeconds };
    },
  };
}

/** Submissions per visitor per form: the D1 counter's window (see docs/decisions/021). */
const FORM_RATE_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 };
/** The binding's period; must match `simple.period` of FORM_RATE_LIMITER in wrangler.toml (10 or 60). */
const FORM_RATE_LIMIT_BINDING_PERIOD_SECONDS = 60;

/** The binding where it is bound, otherwise the D1 counter; both really limit. */
export function formRateLimiter(
  env: Pick<Env, "DB"> & { FORM_RATE_LIMITER?: RateLimit },
): Pick<RateLimiter, "hit"> {
  return env.FORM_RATE_LIMITER
    ? workersRateLimiter(env.FORM_RATE_LIMITER, FORM_RATE_LIMIT_BINDING_PERIOD_SECONDS)
    : d1RateLimiter(env, FORM_RATE_LIMIT);
}
