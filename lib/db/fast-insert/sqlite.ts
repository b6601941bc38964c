// SQLite: prepared statements in one transaction, run synchronously in the adapter's queue, so no
// Prisma statement runs inside it and nothing else runs while it is open.
import type Database from "better-sqlite3";
import { sqliteExclusive } from "../client";
import { auditInsertSql } from "../../audit/append";
import type { EventRow } from "../types";
import { DELIVERY, EVENT, IDEMPOTENCY, quoted, REQUEST, UniqueViolation, values, type CreateWrite, type Table } from "./rows";

// How @prisma/adapter-better-sqlite3 stores a DateTime (its default "iso8601" format).
const sqliteDate = (d: Date) => d.toISOString().replace("Z", "+00:00");

type Statements = { insert: (table: Table) => Database.Statement; write: (w: CreateWrite) => number };
const prepared = new WeakMap<Database.Database, Statements>();

function statements(connection: Database.Database): Statements {
  let s = prepared.get(connection);
  if (s) return s;
  const cache = new Map<string, Database.Statement>();
  const insert = (table: Table) => {
    let stmt = cache.get(table.name);
    if (!stmt) {
      stmt = connection.prepare(`INSERT INTO "${table.name}" (${quoted(table.columns)}) VALUES (${table.columns.map(() => "?").join(", ")})`);
      cache.set(table.name, stmt);
    }
    return stmt;
  };
  const write = connection.transaction((w: CreateWrite): number => {
    insert(REQUEST).run(values(REQUEST, w.request, sqliteDate));
    const eventId = Number(insert(EVENT).run(values(EVENT, w.event, sqliteDate)).lastInsertRowid);
    for (const d of w.deliveries) insert(DELIVERY).run(values(DELIVERY, d, sqliteDate));
    if (w.idempotency) insert(IDEMPOTENCY).run(values(IDEMPOTENCY, w.idempotency, sqliteDate));
    if (w.audit) {
      const params: (string | Date | null)[] = [];
      const sql = auditInsertSql(false, w.audit, (v) => {
        params.push(v);
        return "?";
      });
      let stmt = cache.get("audit");
      if (!stmt) cache.set("audit", (stmt = connection.prepare(sql)));
      stmt.run(...params);
    }
    return eventId;
  });
  s = { insert, write: (w) => write.immediate(w) };
  prepared.set(connection, s);
  return s;
}

export async function insertCreateSqlite(w: CreateWrite): Promise<EventRow> {
  const id = await sqliteExclusive((connection) => {
    try {
      return statements(connection).write(w);
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY") throw new UniqueViolation(tableOf(e));
      throw e;
    }
  });
  return { id, ...w.event };
}

const byConnection = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** A statement prepared once per connection (the adapter prepares each query anew). */
export function statement(connection: Database.Database, sql: string): Database.Statement {
  let cache = byConnection.get(connection);
  if (!cache) byConnection.set(connection, (cache = new Map()));
  let stmt = cache.get(sql);
  if (!stmt) cache.set(sql, (stmt = connection.prepare(sql)));
  return stmt;
}

const tableOf = (e: unknown) => /failed: "?(\w+)/.exec((e as Error).message)?.[1] ?? "unknown";
