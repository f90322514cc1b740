import { sql, type SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";

// The one way to run SQL that drizzle's query builder cannot say (the list pages' keyset and FTS5 queries, the
// unread counts over a table named at run time, json_each): it is written with drizzle's `sql` template, so values
// are always bound parameters, and run through D1 directly. The list pages and retention also run builder-written
// statements here (builtStatement), in one raw batch, because drizzle's batch() cannot bind raw queries' parameters
// and the page reports D1's own meta (rows read, duration) as Server-Timing. Everything else reaches D1 through
// drizzle (app/db/client.server.ts). Only app/db/ touches env.DB (docs/ARCHITECTURE.md, "Import rules").
const dialect = new SQLiteSyncDialect();

export type DbEnv = Pick<Env, "DB">;

export function statement(env: DbEnv, query: SQL): D1PreparedStatement {
  const { sql, params } = dialect.sqlToQuery(query);
  return env.DB.prepare(sql).bind(...params);
}

/** A query drizzle's builder wrote, as a statement for a raw batch (runBatch), where the page needs D1's own meta. */
export function builtStatement(env: DbEnv, query: { toSQL(): { sql: string; params: unknown[] } }): D1PreparedStatement {
  const { sql, params } = query.toSQL();
  return env.DB.prepare(sql).bind(...params);
}

/** A statement that reads nothing: holds a batch position whose query is skipped, so the results keep their places. */
export function emptyStatement(env: DbEnv): D1PreparedStatement {
  return statement(env, sql`SELECT 0 WHERE 0`);
}

/** Runs the statements as one D1 batch (one round trip, one transaction); each result keeps D1's meta. */
export function runBatch(env: DbEnv, statements: D1PreparedStatement[]): Promise<D1Result[]> {
  return env.DB.batch(statements);
}

export async function allRows<T>(env: DbEnv, query: SQL): Promise<T[]> {
  return (await statement(env, query).all<T>()).results;
}
