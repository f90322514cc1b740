// Lines workerd prints in a passing run of the workerd tests that say nothing is
// wrong, dropped so that a real warning stands out. @cloudflare/vitest-plugin
// already drops its own list of such lines ("disconnected: operation canceled",
// …) but takes no additions, and writes each log straight to stdout or stderr.
// Plain, erasable TypeScript: vitest.config.ts loads it in Node.

/** Each entry: why the line is harmless here, and the text that marks it. */
const KNOWN_NOISE = [
  // A post the Worker refuses before reading all of it (413 past 25 MB, decision 060; a
  // photo of the wrong kind): the rest of the test's body stream has nowhere to go.
  "disconnected: read end of pipe was aborted",
];

export function isKnownNoise(text: string): boolean {
  return text.startsWith("exception = kj/") && KNOWN_NOISE.some((marker) => text.includes(marker));
}

/** Drops known noise written to `stream` in one write (how the plugin writes each log). */
export function dropKnownNoise(stream: NodeJS.WriteStream) {
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (typeof chunk === "string" && isKnownNoise(chunk)) return true;
    return write(chunk, ...rest);
  }) as typeof stream.write;
}
