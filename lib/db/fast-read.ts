// The read a decision starts from (lib/questions/transitions.ts): the request's row and its secret
// answers' metadata, without Prisma. It is on the path from a reviewer's reply to the waiting
// agent's answer, where Prisma's query compiler cost more CPU than the write
// (docs/decisions.md "Answer latency"). Rows equal Prisma's findFirst (tests/unit/fast-insert.suite.ts).
import type Database from "better-sqlite3";
import pg from "pg";
import { batched, type Batched } from "./batched";
import { pgPool, sqliteExclusive } from "./client";
import { isPostgres } from "./provider";
import type { RequestRow } from "./types";
import { REQUEST, quoted } from "./fast-insert/rows";
import { statement } from "./fast-insert/sqlite";

export type SecretMetaRow = { questionId: string; providedBy: string; createdAt: Date; claimedAt: Date | null; purgedAt: Date | null };
export type RequestWithSecrets = RequestRow & { secrets: SecretMetaRow[] };
export type RequestKey = { id: string; teamId: string; tokenId?: string };

const SECRET_COLUMNS = ["questionId", "providedBy", "createdAt", "claimedAt", "purgedAt"];

/** The request `id` of team `teamId` (and of token `tokenId` when given), or null. */
export function readRequestFast(key: RequestKey): Promise<RequestWithSecrets | null> {
  return isPostgres() ? readPg(key) : readSqlite(key);
}

/** The WHERE of the read; `bind(i)` is the i-th parameter's placeholder, `table` the columns' qualifier. */
const where = (key: RequestKey, bind: (i: number) => string, table = "") =>
  `${table}"id" = ${bind(1)} AND ${table}"teamId" = ${bind(2)}${key.tokenId !== undefined ? ` AND ${table}"tokenId" = ${bind(3)}` : ""}`;
const params = (key: RequestKey) => (key.tokenId !== undefined ? [key.id, key.teamId, key.tokenId] : [key.id, key.teamId]);

// SQLite keeps a DateTime as the adapter wrote it: ISO 8601 text ("…+00:00"), or a column default's
// "YYYY-MM-DD HH:MM:SS" (UTC), or milliseconds. Which columns are dates comes from their declared type.
function sqliteDateValue(v: unknown): Date | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "number" || typeof v === "bigint") return new Date(Number(v));
  const text = String(v);
  return new Date(/(?:[zZ]|[+-]\d\d:?\d\d)$/.test(text) ? text : `${text.replace(" ", "T")}Z`);
}

type Reader = { stmt: Database.Statement; dates: string[]; booleans: string[] };
const readers = new WeakMap<Database.Statement, Reader>();

/** A prepared read: integers as numbers (the adapter's connection defaults to BigInt), and the columns declared DATETIME and BOOLEAN. */
function reader(connection: Database.Database, sql: string): Reader {
  const stmt = statement(connection, sql);
  let r = readers.get(stmt);
  if (!r) {
    stmt.safeIntegers(false);
    const typed = (type: string) => stmt.columns().filter((c) => c.type?.toUpperCase() === type).map((c) => c.name);
    readers.set(stmt, (r = { stmt, dates: typed("DATETIME"), booleans: typed("BOOLEAN") }));
  }
  return r;
}

function fromSqlite<T>(r: Reader, row: Record<string, unknown>): T {
  for (const c of r.dates) row[c] = sqliteDateValue(row[c]);
  for (const c of r.booleans) row[c] = row[c] === null ? null : Boolean(row[c]);
  return row as T;
}

function readSqlite(key: RequestKey): Promise<RequestWithSecrets | null> {
  return sqliteExclusive((connection) => {
    const request = reader(connection, `SELECT ${quoted(REQUEST.columns)} FROM "QuestionRequest" WHERE ${where(key, () => "?")}`);
    const row = request.stmt.get(params(key)) as Record<string, unknown> | undefined;
    if (!row) return null;
    const secrets = reader(connection, `SELECT ${quoted(SECRET_COLUMNS)} FROM "SecretAnswer" WHERE "requestId" = ?`);
    const metas = (secrets.stmt.all(key.id) as Record<string, unknown>[]).map((s) => fromSqlite<SecretMetaRow>(secrets, s));
    return { ...fromSqlite<RequestRow>(request, row), secrets: metas };
  });
}

// timestamp(3) without time zone holds UTC (as Prisma writes it); node-pg would read it as local time.
const TIMESTAMP = 1114;
const utc = (text: string) => new Date(`${text.replace(" ", "T")}Z`);
const types = { getTypeParser: (oid: number, format?: "text" | "binary") => (oid === TIMESTAMP ? utc : pg.types.getTypeParser(oid, format)) } as pg.CustomTypesConfig;

// One round trip: the secrets' metadata come along as a JSON array (their timestamps as text, UTC).
const secretsJson = `(SELECT COALESCE(json_agg(json_build_object(${SECRET_COLUMNS.map((c) => `'${c}', s."${c}"`).join(", ")})), '[]') FROM "SecretAnswer" s WHERE s."requestId" = r."id") AS "__secrets"`;

type SecretJson = { questionId: string; providedBy: string; createdAt: string; claimedAt: string | null; purgedAt: string | null };

/** The rows of `keys`, read together: by id, then each kept only when its team (and token) match the key's. */
async function readPgBatch(keys: RequestKey[]): Promise<(RequestWithSecrets | null)[]> {
  const text = `SELECT ${REQUEST.columns.map((c) => `r."${c}"`).join(", ")}, ${secretsJson} FROM "QuestionRequest" r WHERE r."id" = ANY($1::text[])`;
  // Named: prepared once per pooled connection, planned once.
  const ids = [...new Set(keys.map((k) => k.id))];
  const result = await pgPool().query<RequestRow & { __secrets: SecretJson[] }>({ name: "oq_read_requests", text, values: [ids], types });
  const byId = new Map(result.rows.map((r) => [r.id, r]));
  const handedOut = new Set<string>();
  return keys.map((key) => {
    const found = byId.get(key.id);
    // Every caller holds its own row, as from a query of its own.
    const row = found && handedOut.has(key.id) ? structuredClone(found) : found;
    if (found) handedOut.add(key.id);
    if (!row || row.teamId !== key.teamId || (key.tokenId !== undefined && row.tokenId !== key.tokenId)) return null;
    const { __secrets, ...request } = row;
    const date = (t: string | null) => (t === null ? null : utc(t));
    return { ...request, secrets: __secrets.map((s) => ({ questionId: s.questionId, providedBy: s.providedBy, createdAt: utc(s.createdAt), claimedAt: date(s.claimedAt), purgedAt: date(s.purgedAt) })) };
  });
}

// Reads asked while one is on its way share the next query (./batched.ts): every MCP wait and long-poll starts with one.
let readPgBatched: Batched<RequestKey, RequestWithSecrets | null> | undefined;
const readPg = (key: RequestKey) => (readPgBatched ??= batched(2, readPgBatch))(key);
