// The app's database client for the plan probes, logging every statement it sends, and the plan of
// a statement (EXPLAIN QUERY PLAN on SQLite, EXPLAIN ANALYZE on PostgreSQL). DATABASE_URL names the
// database (one seeded by bench/probes/history-seed.ts).
import Database from "better-sqlite3";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "../../lib/db/generated/sqlite/client.ts";
import { PrismaClient as PgClient } from "../../lib/db/generated/postgres/client.ts";
import { serialisedSqlite } from "../../lib/db/sqlite-adapter";
import { databaseConfig } from "../../lib/db/config";
import { summarise } from "../lib/stats";

const cfg = databaseConfig();
export const statements: { sql: string; params: string; duration: number }[] = [];
// The driver goes on globalThis as lib/db/client.ts puts it: insights reads through it, not Prisma.
const g = globalThis as unknown as { __questionsDb?: unknown; __questionsDriver?: unknown };
const sqliteDriver = cfg.provider === "sqlite" ? serialisedSqlite(cfg.url) : null;
const pgDriver = cfg.provider === "postgresql" ? new pg.Pool({ connectionString: cfg.url, max: 4 }) : null;
g.__questionsDriver = sqliteDriver ? { kind: "sqlite", sqlite: sqliteDriver } : { kind: "postgresql", pool: pgDriver };
const client = sqliteDriver
  ? new SqliteClient({ adapter: sqliteDriver, log: [{ emit: "event", level: "query" }] })
  : (new PgClient({ adapter: new PrismaPg(pgDriver!), log: [{ emit: "event", level: "query" }] }) as unknown as SqliteClient);
// The generated client's $on is typed from its constructor's log levels, which do not infer here.
type QueryLog = { $on: (kind: "query", cb: (e: { query: string; params: string; duration: number }) => void) => void };
(client as unknown as QueryLog).$on("query", (e) => statements.push({ sql: e.query, params: e.params, duration: e.duration }));
g.__questionsDb = client;

const sqlite = cfg.provider === "sqlite" ? new Database(cfg.file, { readonly: true }) : null;
const pool = cfg.provider === "postgresql" ? new pg.Pool({ connectionString: cfg.url, max: 1 }) : null;

export async function plan(sql: string, params: unknown[]): Promise<string> {
  if (sqlite) return (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params.map((p) => (typeof p === "boolean" ? Number(p) : p))) as { detail: string }[]).map((r) => r.detail).join(" | ");
  const res = await pool!.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
  return res.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n      ");
}

/** Runs each read once to warm up, then `runs` times; prints p50/p99, its statements and (with showPlans) their plans. */
export async function measure(reads: [string, () => Promise<unknown>][], runs: number, showPlans: boolean): Promise<void> {
  for (const [name, fn] of reads) {
    await fn();
    const ms: number[] = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < runs; i++) {
      statements.length = 0;
      const started = performance.now();
      await fn();
      ms.push(performance.now() - started);
    }
    const used = process.cpuUsage(cpu);
    const s = summarise(ms);
    // On SQLite the statements run in this process: its CPU time per run is the work, whatever the machine's load.
    console.log(`${name}: p50 ${s.p50} ms, p99 ${s.p99} ms, ${statements.length} statements, this process's CPU ${((used.user + used.system) / 1000 / runs).toFixed(1)} ms per run`);
    if (!showPlans) continue;
    for (const st of statements) {
      const params = JSON.parse(st.params) as unknown[];
      console.log(`    [${st.duration} ms] ${st.sql.slice(0, 400).replace(/\s+/g, " ")}${st.sql.length > 400 ? "…" : ""}`);
      console.log(`      plan: ${await plan(st.sql, params).catch((e: Error) => `(${e.message})`)}`);
    }
  }
}

export async function done(): Promise<never> {
  await client.$disconnect();
  await pool?.end();
  process.exit(0);
}
