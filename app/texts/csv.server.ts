import { csvLine, csvStream } from "~/http/csv";
import { formatPhone } from "~/core/phone";
import { storeTimestamp } from "~/core/store-time";
import type { DbEnv } from "~/db/sql.server";
import { textsBatch, type TextRow } from "./list.server";
import type { TextSearchWord } from "./search";
import type { TextsView } from "./view";

// The Texts list's CSV: the whole view (search and filter), batch by batch, through the same stream and cell defusing as the other lists (app/http/csv.ts).

const COLUMNS: { header: string; value: (row: TextRow) => string }[] = [
  { header: "Received (Central)", value: (row) => storeTimestamp(row.created_at) },
  { header: "From", value: (row) => formatPhone(row.from_phone) },
  { header: "Text", value: (row) => row.body },
];

export function textsCsvFileName(now: number): string {
  return `texts-${storeTimestamp(now).slice(0, 10)}.csv`;
}

export function streamTextsCsv(
  env: DbEnv,
  view: TextsView,
  words: readonly TextSearchWord[],
  onDone: (rows: number, complete: boolean) => void,
): ReadableStream<Uint8Array> {
  let afterId: number | null = null;
  return csvStream(
    csvLine(COLUMNS.map((column) => column.header)),
    async () => {
      const batch = await textsBatch(env, view, words, afterId);
      afterId = batch.rows[batch.rows.length - 1]?.id ?? afterId;
      return { lines: batch.rows.map((row) => csvLine(COLUMNS.map((column) => column.value(row)))), more: batch.more };
    },
    onDone,
  );
}
