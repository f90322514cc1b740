import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client.server";

/**
 * INSERT INTO table SELECT … as a statement db.batch() accepts (drizzle cannot
 * batch raw SQL with parameters). Every column needs a value, listed by name;
 * they are emitted in the table's column order, so the schema decides the order.
 *
 * @param from the rest of the SELECT: `FROM … WHERE …`
 */
export function insertSelect<Table extends SQLiteTable>(
  db: Db,
  table: Table,
  values: Record<keyof Table["$inferSelect"], SQL>,
  from: SQL,
) {
  const selectList = sql.join(
    Object.keys(getTableColumns(table)).map((key) => values[key as keyof Table["$inferSelect"]]),
    sql`, `,
  );
  return db.insert(table).select(sql`SELECT ${selectList} ${from}`);
}
