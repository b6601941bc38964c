// Appending to a team's chain, inside the transaction of the change it records. The previous
// entry's hash and seq are read by the INSERT itself, and the new hash is computed in the database
// (PostgreSQL's sha256(); on SQLite the oq_sha256 function lib/db/sqlite-adapter.ts registers), so
// the append is one statement that fits a batch transaction. Appends are serialised by the event
// lock on PostgreSQL (every decision's transaction already holds it) and by the one writer on SQLite.
import { db, type Db } from "../db/client";
import { EVENT_LOCK, isPostgres } from "../db/provider";
import type { PrismaPromise } from "../db/types";
import { prepareEntry, type AuditInput, type PreparedEntry } from "./entry";

type Raw = Pick<Db, "$executeRaw" | "$executeRawUnsafe">;

// As @prisma/adapter-better-sqlite3 stores a DateTime (lib/db/fast-insert/sqlite.ts).
export const sqliteDate = (d: Date) => d.toISOString().replace("Z", "+00:00");

/**
 * The INSERT of one prepared entry. `bind` turns each value into SQL, in order of appearance: a
 * placeholder (recording the value) or, for the fast insert's one-query batches, a literal.
 */
export function auditInsertSql(pg: boolean, e: PreparedEntry, bind: (value: string | Date | null) => string): string {
  const cols = `"id", "teamId", "seq", "at", "actor", "address", "action", "target", "data", "prevHash", "hash"`;
  const head = `${bind(e.id)}, ${bind(e.teamId)}, COALESCE(p."seq", 0) + 1, ${bind(pg ? e.at : sqliteDate(e.at))}, ${bind(e.actor)}, ${bind(e.address)}, ${bind(e.action)}, ${bind(e.target)}, ${bind(e.data)}`;
  const hash = pg
    ? `encode(sha256(convert_to(COALESCE(p."hash", '') || chr(10) || ${bind(e.data)}::text, 'UTF8')), 'hex')`
    : `oq_sha256(COALESCE(p."hash", '') || char(10) || ${bind(e.data)})`;
  const last = `SELECT "seq", "hash" FROM "AuditEntry" WHERE "teamId" = ${bind(e.teamId)} ORDER BY "seq" DESC LIMIT 1`;
  return `INSERT INTO "AuditEntry" (${cols}) SELECT ${head}, COALESCE(p."hash", ''), ${hash} FROM (SELECT 1) AS one LEFT JOIN (${last}) AS p ON ${pg ? "true" : "1"}`;
}

/** The INSERT of one prepared entry, unexecuted (add it to a batch transaction). */
export function auditInsert(client: Raw, e: PreparedEntry): PrismaPromise<number> {
  const pg = isPostgres();
  const values: (string | Date | null)[] = [];
  const sql = auditInsertSql(pg, e, (v) => {
    values.push(v);
    return pg ? `$${values.length}` : "?";
  });
  return client.$executeRawUnsafe(sql, ...values);
}

/** The statements that append `input` in a batch transaction that does not already hold the event lock. */
export function auditWrites(client: Raw, input: AuditInput): PrismaPromise<number>[] {
  const insert = auditInsert(client, prepareEntry(input));
  return isPostgres() ? [client.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${EVENT_LOCK})`), insert] : [insert];
}

/** Appends inside an interactive transaction (after its change, so the event lock is held briefly). */
export async function appendAudit(tx: Raw, input: AuditInput): Promise<void> {
  for (const write of auditWrites(tx, input)) await write;
}

/** A client inside an interactive transaction. */
export type Tx = Omit<Db, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

/**
 * Runs a change and appends its entry in one interactive transaction; `entry` returns null when
 * the change turned out to change nothing (nothing is recorded then). For settings, not hot paths.
 */
export function audited<T>(run: (tx: Tx) => Promise<T>, entry: (result: T) => AuditInput | null): Promise<T> {
  return db().$transaction(async (tx) => {
    const result = await run(tx);
    const input = entry(result);
    if (input) await appendAudit(tx, input);
    return result;
  });
}
