import type { SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";

// The staff inboxes write their SQL with drizzle's `sql` template (values are
// always bound parameters) but run it through D1 directly: drizzle's batch()
// cannot bind parameters of raw queries, and one batch per page is the point.
const dialect = new SQLiteSyncDialect();

export function statement(db: D1Database, query: SQL): D1PreparedStatement {
  const { sql, params } = dialect.sqlToQuery(query);
  return db.prepare(sql).bind(...params);
}

export async function allRows<T>(db: D1Database, query: SQL): Promise<T[]> {
  return (await statement(db, query).all<T>()).results;
}
