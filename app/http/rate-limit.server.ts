import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { rateLimits } from "~/db/schema";
import { clientNetwork } from "./client-network";
import type { DbEnv } from "~/db/sql.server";

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
 * Router passes an action's headers (or a thrown answer's) on to the document
 * response only through it.
 */
export function passRetryAfter({ actionHeaders, errorHeaders }: { actionHeaders: Headers; errorHeaders?: Headers }): Headers {
  const retryAfter = actionHeaders.get("Retry-After") ?? errorHeaders?.get("Retry-After");
  return new Headers(retryAfter ? { "Retry-After": retryAfter } : {});
}

export interface RateLimiter {
  /** Counts one event (or `amount`, e.g. bytes) for `key` and says whether it is within the limit. */
  hit(key: string, amount?: number): Promise<RateLimitResult>;
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
 *
 * Make one limiter per request. Its calls run one after another, in the order
 * they were made, and once one of them refuses, the request is refused: later
 * hits count nothing and answer with that refusal. So a refused request adds no
 * counter rows, e.g. a blocked address trying a new e-mail each time
 * (docs/decisions/053).
 */
export function d1RateLimiter(env: DbEnv, options: { limit: number; windowMs: number }): RateLimiter {
  const db = getDb(env);
  const windowStartFor = (now: number) => now - (now % options.windowMs);
  const retryAfter = (windowStart: number, now: number) =>
    Math.max(1, Math.ceil((windowStart + options.windowMs - now) / 1000));

  /**
   * One UPSERT: a new window starts at `amount`; within it the count grows by
   * `amount`, up to `cap` when given (a capped count stays as it was once reached).
   */
  async function count(key: string, amount: number, cap: number | null): Promise<RateLimitResult> {
    const now = Date.now();
    const windowStart = windowStartFor(now);
    const next = cap === null ? sql`${rateLimits.count} + ${amount}` : sql`min(${rateLimits.count} + ${amount}, ${cap})`;
    const [row] = await db
      .insert(rateLimits)
      .values({ key, windowStart, count: amount })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: { count: sql`CASE WHEN ${rateLimits.windowStart} = ${windowStart} THEN ${next} ELSE ${amount} END`, windowStart },
      })
      .returning({ count: rateLimits.count });
    return { allowed: (row?.count ?? amount) <= options.limit, retryAfterSeconds: retryAfter(windowStart, now) };
  }

  const counter: RateLimiter = {
    hit: (key, amount = 1) => count(key, amount, null),
    // Stops at limit + 1 ("paused"): a refused try changes nothing, so it never extends the pause.
    attempt: (key) => count(key, 1, options.limit + 1),
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

  let refusal: RateLimitResult | null = null;
  const remember = (result: RateLimitResult) => {
    if (!result.allowed) refusal ??= result;
    return result;
  };
  let previous: Promise<unknown> = Promise.resolve();
  const inTurn = <Result>(step: () => Promise<Result>): Promise<Result> => {
    const result = previous.then(step);
    previous = result.catch(() => undefined);
    return result;
  };
  return {
    hit: (key, amount) => inTurn(async () => refusal ?? remember(await counter.hit(key, amount))),
    attempt: (key) => inTurn(async () => refusal ?? remember(await counter.attempt(key))),
    forgive: (key) => inTurn(() => counter.forgive(key)),
    reset: (key) => inTurn(() => counter.reset(key)),
  };
}

/** The client's address as Cloudflare reports it; "local" in dev and tests. What records of who did what keep. */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}

/**
 * The client every per-client limit counts: the IPv4 address, or the IPv6 /64
 * (docs/decisions/134). Never key a limit by `clientIp`.
 */
export function clientKey(request: Request): string {
  return clientNetwork(clientIp(request));
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
  env: DbEnv & { FORM_RATE_LIMITER?: RateLimit },
): Pick<RateLimiter, "hit"> {
  return env.FORM_RATE_LIMITER
    ? workersRateLimiter(env.FORM_RATE_LIMITER, FORM_RATE_LIMIT_BINDING_PERIOD_SECONDS)
    : d1RateLimiter(env, FORM_RATE_LIMIT);
}
