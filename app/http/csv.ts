// CSV downloads (the inbox export, the audit trail): RFC 4180 lines with
// formula-looking cells defused, streamed batch by batch so a large table never
// sits in memory or in one query.

/**
 * One RFC 4180 field. A value starting with = + - @ (or a tab or carriage
 * return, which some spreadsheets skip before those) gets a leading apostrophe,
 * so Excel, Sheets and LibreOffice show it as text instead of evaluating it.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function csvLine(cells: string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

export interface CsvBatch {
  /** Finished lines (csvLine), in order. */
  lines: string[];
  /** Whether another batch may follow. */
  more: boolean;
}

/**
 * A byte-order mark (so Excel reads UTF-8) and the header, then one batch per
 * pull until `nextBatch` says there is no more. `onDone` gets the number of
 * rows sent, and whether that was all of them (false when the download was
 * cancelled), for the audit trail.
 */
export function csvStream(
  header: string,
  nextBatch: () => Promise<CsvBatch>,
  onDone: (rows: number, complete: boolean) => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  let rows = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${header}`));
        return;
      }
      const { lines, more } = await nextBatch();
      rows += lines.length;
      if (lines.length > 0) controller.enqueue(encoder.encode(lines.join("")));
      if (!more) {
        controller.close();
        onDone(rows, true);
      }
    },
    cancel() {
      onDone(rows, false);
    },
  });
}
