import { store } from "~/config/store";
import { clientIp, d1RateLimiter, retryAfterHeaders, waitFor } from "~/http/rate-limit.server";

// Bytes as well as submissions: one visitor may send at most 100 MB of order
// photos an hour (a fixed window in D1, like the form limit's fallback). A post
// is counted by its declared length before a byte of it is read, so one over the
// budget is refused without being received (docs/decisions/062).

export const PHOTO_BYTES_PER_HOUR = 100 * 1024 * 1024;

function limiter(env: Pick<Env, "DB">) {
  return d1RateLimiter(env, { limit: PHOTO_BYTES_PER_HOUR, windowMs: 60 * 60 * 1000 });
}

const key = (request: Request) => `photo-bytes:${clientIp(request)}`;

/**
 * Counts the post's declared length. Over the visitor's hour, the answer is a
 * 429 whose words say how long to wait; nothing of the post has been read then.
 */
export async function spendPhotoBudget(
  env: Pick<Env, "DB">,
  request: Request,
): Promise<{ message: string; headers: Record<string, string> } | null> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  if (!Number.isSafeInteger(declared) || declared <= 0) return null;
  const result = await limiter(env).hit(key(request), declared);
  if (result.allowed) return null;
  return {
    message: `You have sent a lot of photos in the last hour. Please wait ${waitFor(result)} and send your order again, or call us at ${store.phone.display}.`,
    headers: retryAfterHeaders(result),
  };
}

/** A post of unknown length is counted afterwards, by the photo bytes it stored. */
export async function countUndeclaredPhotoBytes(env: Pick<Env, "DB">, request: Request, bytes: number): Promise<void> {
  if (request.headers.has("Content-Length") || bytes <= 0) return;
  await limiter(env).hit(key(request), bytes);
}
