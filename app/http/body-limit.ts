// Request bodies larger than their route allows. The Worker's request guards
// (workers/request-guards.ts) decide the limit per route; for a route that takes
// files and a body of unknown length, they count the bytes as the route reads
// them and fail the read with this error instead of holding the body to count it.

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** The body as it streams, failing with BodyTooLargeError once more than `limit` bytes have passed. */
export function limitedBody(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(new BodyTooLargeError(limit));
        else controller.enqueue(chunk);
      },
    }),
  );
}
