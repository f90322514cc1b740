// A file held as the chunks it arrived in (the multipart parser's views into the
// request body), read and patched in place by offset, so a 10 MB photo is never
// copied into one more buffer to be inspected.

export class ChunkedBytes {
  readonly length: number;
  readonly #chunks: Uint8Array[];
  /** Offset of each chunk's first byte. */
  readonly #starts: number[];
  #last = 0;

  constructor(chunks: Uint8Array[]) {
    this.#chunks = chunks.filter((chunk) => chunk.length > 0);
    this.#starts = [];
    let offset = 0;
    for (const chunk of this.#chunks) {
      this.#starts.push(offset);
      offset += chunk.length;
    }
    this.length = offset;
  }

  /** The chunk holding `offset` (offsets are mostly read in order, so the last one is tried first). */
  #locate(offset: number): number {
    const starts = this.#starts;
    const last = this.#last;
    if (offset >= starts[last]! && offset < starts[last]! + this.#chunks[last]!.length) return last;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    this.#last = low;
    return low;
  }

  /** The byte at `offset`, or -1 past the end. */
  at(offset: number): number {
    if (offset < 0 || offset >= this.length) return -1;
    const index = this.#locate(offset);
    return this.#chunks[index]![offset - this.#starts[index]!]!;
  }

  set(offset: number, value: number): void {
    if (offset < 0 || offset >= this.length) return;
    const index = this.#locate(offset);
    this.#chunks[index]![offset - this.#starts[index]!] = value;
  }

  /** Sets [start, end) to `value`, one native fill per chunk. */
  fill(start: number, end: number, value: number): void {
    const stop = Math.min(end, this.length);
    let offset = Math.max(0, start);
    while (offset < stop) {
      const index = this.#locate(offset);
      const chunk = this.#chunks[index]!;
      const chunkStart = this.#starts[index]!;
      const upTo = Math.min(stop, chunkStart + chunk.length);
      chunk.fill(value, offset - chunkStart, upTo - chunkStart);
      offset = upTo;
    }
  }

  /** A copy of [start, end), for short reads (headers, box types). */
  slice(start: number, end: number): Uint8Array {
    const from = Math.max(0, start);
    const out = new Uint8Array(Math.max(0, Math.min(end, this.length) - from));
    for (let i = 0; i < out.length; i++) out[i] = this.at(from + i);
    return out;
  }

  ascii(start: number, length: number): string {
    return String.fromCharCode(...this.slice(start, start + length));
  }

  uint16(offset: number, littleEndian = false): number {
    const [a, b] = [this.at(offset), this.at(offset + 1)];
    if (a < 0 || b < 0) return -1;
    return littleEndian ? a | (b << 8) : (a << 8) | b;
  }

  uint32(offset: number, littleEndian = false): number {
    const high = this.uint16(offset + (littleEndian ? 2 : 0), littleEndian);
    const low = this.uint16(offset + (littleEndian ? 0 : 2), littleEndian);
    if (high < 0 || low < 0) return -1;
    return high * 0x10000 + low;
  }

  /** The first offset ≥ `from` holding `value`, or -1 (native indexOf per chunk: fast over megabytes). */
  indexOf(value: number, from: number): number {
    if (from >= this.length) return -1;
    for (let index = this.#locate(Math.max(0, from)); index < this.#chunks.length; index++) {
      const start = this.#starts[index]!;
      const found = this.#chunks[index]!.indexOf(value, Math.max(0, from - start));
      if (found >= 0) return start + found;
    }
    return -1;
  }

  /**
   * The first `length` bytes as a stream, one chunk at a time. Each chunk is
   * copied as it is sent (a runtime may take over a buffer written to a stream,
   * and neighbouring parts can share one), so at most one chunk is ever doubled.
   */
  stream(length = this.length): ReadableStream<Uint8Array> {
    const chunks = this.#chunks;
    let index = 0;
    let sent = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks[index++];
        if (!chunk || sent >= length) return controller.close();
        const part = chunk.slice(0, Math.min(chunk.length, length - sent));
        sent += part.length;
        controller.enqueue(part);
      },
    });
  }
}
