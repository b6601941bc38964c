// A fresh, migrated database for one benchmark scenario — a temp SQLite file, or a new database on
// the PostgreSQL server DATABASE_URL points to — plus fast direct inserts for seeding (rows shaped
// exactly as the app writes them; seeding 100,000 rows through the API would take minutes).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import pg from "pg";
import type { EventRow, RequestRow, TokenRow } from "../../lib/db/types";
import { ROOT } from "../../tests/helpers/server";
import { historySeedSql } from "./history-sql";

export type Provider = "sqlite" | "postgresql";

/** A pending request answered behind the app's back: the row's new state and its Event. */
export type DirectAnswer = { row: RequestRow; event: Omit<EventRow, "id"> };

export type Target = {
  provider: Provider;
  dataDir: string;
  databaseUrl: string;
  teamId: string;
  insertTokens: (rows: TokenRow[]) => Promise<void>;
  insertRequests: (rows: RequestRow[]) => Promise<void>;
  /** The history scenario's `n` resolved requests, made by the database in one statement (history-sql.ts). */
  seedHistory: (tokenId: string, n: number, now?: number) => Promise<void>;
  /** Resolves pending requests and appends their events in one transaction (no poke: see waiters.ts). */
  answerDirect: (answers: DirectAnswer[]) => Promise<void>;
  countRequests: () => Promise<number>;
  /** Runs one SELECT directly (placeholders $1…) and returns its duration in ms and row count. */
  timeQuery: (sql: string, params: unknown[]) => Promise<{ ms: number; rows: number }>;
  /** Runs one SELECT without parameters and returns its rows (probes). */
  query: (sql: string) => Promise<Record<string, unknown>[]>;
  dispose: () => Promise<void>;
};

const REQUEST_COLUMNS = [
  "id", "teamId", "tokenId", "status", "source", "mode", "title", "context", "agentName", "sessionId", "turnId",
  "toolCallId", "parentRequestId", "questions", "response", "searchText", "createdAt", "expiresAt", "resolvedAt",
  "resolvedBy", "version", "fingerprint", "kind", "answerDigest", "waitSeconds",
] as const satisfies readonly (keyof RequestRow)[];
const EVENT_COLUMNS = ["teamId", "requestId", "tokenId", "type", "payload", "createdAt"] as const satisfies readonly (keyof EventRow)[];
const UPDATE_SQL = `UPDATE "QuestionRequest" SET "status" = $1, "response" = $2, "resolvedAt" = $3, "resolvedBy" = $4, "version" = $5 WHERE "id" = $6 AND "status" = 'pending'`;
const updateParams = (r: RequestRow) => [r.status, r.response, r.resolvedAt, r.resolvedBy, r.version, r.id];
const TOKEN_COLUMNS = ["id", "teamId", "name", "hash", "hint", "scopes", "policy", "createdAt", "lastUsedAt", "revokedAt"] as const satisfies readonly (keyof TokenRow)[];

function migrate(dataDir: string, databaseUrl: string): void {
  execFileSync(process.execPath, ["scripts/prepare-db.mjs"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

export async function freshTarget(provider: Provider, label: string): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `oq-bench-${label}-`));
  return provider === "sqlite" ? sqliteTarget(dataDir) : postgresTarget(dataDir, label);
}

// SQLite stores DateTime as text, the way the Prisma adapter writes it.
const sqliteDate = (d: Date | null) => (d ? d.toISOString().replace("Z", "+00:00") : null);

function sqliteTarget(dataDir: string): Target {
  const file = path.join(dataDir, "questions.db");
  const databaseUrl = `file:${file}`;
  migrate(dataDir, databaseUrl);
  const sql = new Database(file);
  sql.pragma("journal_mode = WAL");
  sql.pragma("busy_timeout = 10000");
  const teamId = (sql.prepare(`SELECT id FROM "Team" WHERE slug = 'default'`).get() as { id: string }).id;
  const insert = <R extends object>(table: string, columns: readonly (keyof R & string)[]) => {
    const stmt = sql.prepare(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`);
    return sql.transaction((rows: R[]) => {
      for (const row of rows) stmt.run(columns.map((c) => toSqlite(row[c])));
    });
  };
  const insertRequests = insert<RequestRow>("QuestionRequest", REQUEST_COLUMNS);
  const insertTokens = insert<TokenRow>("ApiToken", TOKEN_COLUMNS);
  const update = sql.prepare(UPDATE_SQL.replace(/\$\d/g, "?"));
  const insertEvent = sql.prepare(`INSERT INTO "Event" (${EVENT_COLUMNS.map((c) => `"${c}"`).join(", ")}) VALUES (${EVENT_COLUMNS.map(() => "?").join(", ")})`);
  const answerDirect = sql.transaction((answers: DirectAnswer[]) => {
    for (const a of answers) {
      update.run(updateParams(a.row).map(toSqlite));
      insertEvent.run(EVENT_COLUMNS.map((c) => toSqlite(a.event[c])));
    }
  });
  return {
    provider: "sqlite",
    dataDir,
    databaseUrl,
    teamId,
    insertTokens: async (rows) => insertTokens(rows),
    insertRequests: async (rows) => insertRequests(rows),
    // One statement, one transaction; the triggers fill the search index and the insights histogram as rows go in.
    seedHistory: async (tokenId, n, now = Date.now()) => {
      const q = historySeedSql("sqlite", n, now);
      sql.prepare(q.text).run(Object.fromEntries(q.params({ teamId, tokenId }).map((v, i) => [`p${i + 1}`, v])));
      sql.exec(`ANALYZE`);
    },
    answerDirect: async (answers) => answerDirect(answers),
    countRequests: async () => (sql.prepare(`SELECT count(*) AS n FROM "QuestionRequest"`).get() as { n: number }).n,
    query: async (text) => sql.prepare(text).all() as Record<string, unknown>[],
    timeQuery: async (text, params) => {
      const started = performance.now();
      const rows = sql.prepare(text.replace(/\$\d+/g, "?")).all(...params);
      return { ms: performance.now() - started, rows: rows.length };
    },
    dispose: async () => {
      sql.close();
      if (!process.env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function toSqlite(v: unknown): unknown {
  return v instanceof Date ? sqliteDate(v) : v;
}

async function postgresTarget(dataDir: string, label: string): Promise<Target> {
  const base = new URL(process.env.DATABASE_URL!);
  const name = `oq_bench_${label.replace(/\W/g, "_")}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  migrate(dataDir, databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const teamId = (await pool.query<{ id: string }>(`SELECT id FROM "Team" WHERE slug = 'default'`)).rows[0]!.id;
  const insert = <R extends object>(table: string, columns: readonly (keyof R & string)[]) => async (rows: R[], via: pg.Pool | pg.PoolClient = pool) => {
    const batch = Math.floor(30_000 / columns.length);
    for (let i = 0; i < rows.length; i += batch) {
      const chunk = rows.slice(i, i + batch);
      const values: unknown[] = [];
      const tuples = chunk.map((row) => `(${columns.map((c) => `$${values.push(toPg(row[c]))}`).join(", ")})`);
      await via.query(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(", ")}) VALUES ${tuples.join(", ")}`, values);
    }
  };
  const insertRequests = insert<RequestRow>("QuestionRequest", REQUEST_COLUMNS);
  const insertEvents = insert<Omit<EventRow, "id">>("Event", EVENT_COLUMNS);
  return {
    provider: "postgresql",
    dataDir,
    databaseUrl,
    teamId,
    insertTokens: (rows) => insert<TokenRow>("ApiToken", TOKEN_COLUMNS)(rows),
    seedHistory: async (tokenId, n, now = Date.now()) => {
      const q = historySeedSql("postgresql", n, now);
      await pool.query(q.text, q.params({ teamId, tokenId }));
      // The insights histogram's triggers updated its 54,000 rows (and its spans' and closed days'
      // counters) 1,000,000 times in this one statement, leaving ~150 MB of dead row versions that
      // every scan reads; a live server's autovacuum reclaims them as they come. Compact them, as
      // that steady state would be (8 MB).
      for (const table of ["InsightDay", "InsightSpan", "InsightDayVersion"]) await pool.query(`VACUUM FULL "${table}"`);
      await pool.query(`ANALYZE`);
    },
    insertRequests: async (rows) => {
      await insertRequests(rows);
      // What autovacuum would do a minute later; without it the planner guesses the table is empty.
      await pool.query(`ANALYZE "QuestionRequest"`);
    },
    answerDirect: async (answers) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        for (const a of answers) await client.query(UPDATE_SQL, updateParams(a.row).map(toPg));
        await insertEvents(answers.map((a) => a.event), client);
        await client.query("COMMIT");
      } catch (e) {
        await client.query("ROLLBACK");
        throw e;
      } finally {
        client.release();
      }
    },
    countRequests: async () => Number((await pool.query<{ n: string }>(`SELECT count(*) AS n FROM "QuestionRequest"`)).rows[0]!.n),
    query: async (text) => (await pool.query(text)).rows as Record<string, unknown>[],
    timeQuery: async (text, params) => {
      const started = performance.now();
      const res = await pool.query(text, params);
      return { ms: performance.now() - started, rows: res.rowCount ?? 0 };
    },
    dispose: async () => {
      await pool.end();
      const again = new pg.Client({ connectionString: base.toString() });
      await again.connect();
      try {
        await again.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } catch (e) {
        // PostgreSQL 15 refuses FORCE while an autovacuum worker (no role) is in the database,
        // as after seeding a million rows; a plain DROP stops autovacuum itself.
        if ((e as { code?: string }).code !== "42501") throw e;
        await again.query(`DROP DATABASE IF EXISTS "${name}"`);
      }
      await again.end();
      if (!process.env.BENCH_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// TIMESTAMP(3) without time zone holds UTC wall time, as Prisma writes it.
function toPg(v: unknown): unknown {
  return v instanceof Date ? v.toISOString().replace("Z", "") : v;
}
