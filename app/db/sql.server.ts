import type { SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";

// The one way to run SQL that drizzle's query builder cannot express (the inbox
// pages' keyset and FTS5 queries, retention's bounded deletes, json_each): it is
// written with drizzle's `sql` template, so values are always bound parameters,
// and run through D1 directly, because drizzle's batch() cannot bind parameters
// of raw queries and one batch per inbox page or retention run is the point.
// Everything else reaches D1 through drizzle (app/db/client.server.ts).
const dialect = new SQLiteSyncDialect();

export function statement(db: D1Database, query: SQL): D1PreparedStatement {
  const { sql, params } = dialect.sqlToQuery(query);
  return db.prepare(sql).bind(...params);
}

export async function allRows<T>(db: D1Database, query: SQL): Promise<T[]> {
  return (await statement(db, query).all<T>()).results;
}
