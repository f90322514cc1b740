import type { DbEnv } from "~/db/sql.server";
import { store } from "~/config/store";
import { clientKey, d1RateLimiter, retryAfterHeaders, waitFor, type RateLimitResult } from "~/http/rate-limit.server";

// Bytes as well as submissions: one visitor may send at most 100 MB of order
// photos an hour (a fixed window in D1, like the form limit's fallback). A post
// with a declared length is counted by it before a byte of it is read, so one
// over the budget is refused without being received. A post without one
// (chunked) is counted as it streams, a megabyte at a time, and its read fails
// once the budget runs out; whatever it sent counts, however it ends
// (docs/decisions/062).

const PHOTO_BYTES_PER_HOUR = 100 * 1024 * 1024;
/** A chunked post is counted in steps of this many bytes: one D1 write per step. */
const METER_STEP = 1024 * 1024;

function limiter(env: DbEnv) {
  return d1RateLimiter(env, { limit: PHOTO_BYTES_PER_HOUR, windowMs: 60 * 60 * 1000 });
}

const key = (request: Request) => `photo-bytes:${clientKey(request)}`;

/** The 429's words and its Retry-After. */
export interface PhotoBudgetRefusal {
  message: string;
  headers: Record<string, string>;
}

const refusal = (result: RateLimitResult): PhotoBudgetRefusal => ({
  message: `You have sent a lot of photos in the last hour. Please wait ${waitFor(result)} and send your order again, or call us at ${store.phone.display}.`,
  headers: retryAfterHeaders(result),
});

/** The read of a chunked post fails with this once the visitor's budget has run out. */
export class PhotoBudgetExceeded extends Error {
  constructor(readonly refusal: PhotoBudgetRefusal) {
    super("photo byte budget exceeded");
    this.name = "PhotoBudgetExceeded";
  }
}

export type PhotoBudget =
  | { refused: PhotoBudgetRefusal }
  /** `request` is the one to read; `settle` counts what a chunked post sent since the last step (call it however the read ended). */
  | { refused?: undefined; request: Request; settle: () => Promise<void> };

/**
 * Spends the visitor's budget on an order post. Over the hour, `refused` holds the
 * 429's words: nothing of the post has been read then.
 */
export async function spendPhotoBudget(env: DbEnv, request: Request): Promise<PhotoBudget> {
  const counter = limiter(env);
  const visitor = key(request);
  const declared = request.headers.get("Content-Length");
  if (declared !== null || !request.body) {
    const length = Number(declared ?? 0);
    if (!Number.isSafeInteger(length) || length <= 0) return { request, settle: async () => {} };
    const result = await counter.hit(visitor, length);
    return result.allowed ? { request, settle: async () => {} } : { refused: refusal(result) };
  }

  // No length: refuse at once a visitor whose hour is already spent, then count as the body streams.
  // Its first byte is spent up front (a chunked post has one), so a visitor with nothing left is refused unread.
  const opening = await counter.hit(visitor, 1);
  if (!opening.allowed) return { refused: refusal(opening) };
  let unspent = -1;
  const spend = async () => {
    const amount = unspent;
    unspent = 0;
    return amount > 0 ? counter.hit(visitor, amount) : opening;
  };
  const metered = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async transform(chunk, controller) {
        unspent += chunk.byteLength;
        if (unspent >= METER_STEP) {
          const result = await spend();
          if (!result.allowed) return controller.error(new PhotoBudgetExceeded(refusal(result)));
        }
        controller.enqueue(chunk);
      },
    }),
  );
  return {
    request: new Request(request, { body: metered }),
    settle: async () => {
      await spend();
    },
  };
}
