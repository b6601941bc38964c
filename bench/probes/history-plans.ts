// The history reads a lead makes, run through the app's own functions (so the SQL is what Prisma
// sends) against a database seeded by bench/probes/history-seed.ts: the /history page (first page,
// filters, text search, older/newer cursor pages, the agent/reviewer pickers), the export's batches
// and the API list. Prints p50/p99 per read, the statements it sent, and the plan of each statement.
// Usage: DATABASE_URL=<from history-seed> TEAM_ID=<…> npx tsx bench/probes/history-plans.ts [runs] [--plans]
import Database from "better-sqlite3";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "../../lib/db/generated/sqlite/client.ts";
import { PrismaClient as PgClient } from "../../lib/db/generated/postgres/client.ts";
import { serialisedSqlite } from "../../lib/db/sqlite-adapter";
import { databaseConfig } from "../../lib/db/config";
import { historyFacets, iterateHistory, listHistory, type HistoryScope } from "../../lib/questions/history";
import { HistoryQuerySchema } from "../../lib/questions/history-query";
import { listRequests } from "../../lib/questions/read";
import { ListQuerySchema } from "../../lib/questions/schemas";
import { COMMON_WORD, HISTORY_AGENTS, RARE_WORD } from "../lib/fixtures";
import { summarise } from "../lib/stats";

const runs = Number(process.argv[2] ?? 20);
const showPlans = process.argv.includes("--plans");
const teamId = process.env.TEAM_ID!;
const cfg = databaseConfig();
const statements: { sql: string; params: string }[] = [];
const client =
  cfg.provider === "sqlite"
    ? new SqliteClient({ adapter: serialisedSqlite(cfg.url), log: [{ emit: "event", level: "query" }] })
    : (new PgClient({ adapter: new PrismaPg({ connectionString: cfg.url, max: 4 }), log: [{ emit: "event", level: "query" }] }) as unknown as SqliteClient);
// The generated client's $on is typed from its constructor's log levels, which do not infer here.
type QueryLog = { $on: (kind: "query", cb: (e: { query: string; params: string }) => void) => void };
(client as unknown as QueryLog).$on("query", (e) => statements.push({ sql: e.query, params: e.params }));
(globalThis as unknown as { __questionsDb?: unknown }).__questionsDb = client;

const scope: HistoryScope = { teamIds: [teamId] };
const q = (p: Record<string, string>) => HistoryQuerySchema.parse(p);
const agent = HISTORY_AGENTS[7]!;

// A cursor taken from a page in the middle of the table, for older/newer pages there.
const first = await listHistory({ ...scope, query: q({}) });
let deep = first;
for (let i = 0; i < 3; i++) deep = await listHistory({ ...scope, query: q({ cursor: deep.nextCursor! }) });

const reads: [string, () => Promise<unknown>][] = [
  ["page: first", () => listHistory({ ...scope, query: q({}) })],
  ["page: status+agent", () => listHistory({ ...scope, query: q({ status: "answered", agent }) })],
  ["page: reviewer", () => listHistory({ ...scope, query: q({ reviewer: "token:reviewer-3" }) })],
  ["page: last 7 days", () => listHistory({ ...scope, query: q({ from: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10) }) })],
  [`page: q=${COMMON_WORD}`, () => listHistory({ ...scope, query: q({ q: COMMON_WORD }) })],
  [`page: q=${RARE_WORD}`, () => listHistory({ ...scope, query: q({ q: RARE_WORD }) })],
  [`page: q=${RARE_WORD}+status`, () => listHistory({ ...scope, query: q({ q: RARE_WORD, status: "answered" }) })],
  ["page: older (next cursor)", () => listHistory({ ...scope, query: q({ cursor: deep.nextCursor! }) })],
  ["page: newer (prev cursor)", () => listHistory({ ...scope, query: q({ cursor: deep.prevCursor! }) })],
  ["pickers (historyFacets)", () => historyFacets(scope)],
  ["export: first 2 batches", async () => {
    let n = 0;
    for await (const _ of iterateHistory({ teamIds: [teamId], filters: {}, max: 1000 })) n++;
    return n;
  }],
  ["api: list", () => listRequests({ teamId }, ListQuerySchema.parse({}))],
  [`api: q=${RARE_WORD}`, () => listRequests({ teamId }, ListQuerySchema.parse({ q: RARE_WORD }))],
  [`api: q=${RARE_WORD}+status`, () => listRequests({ teamId }, ListQuerySchema.parse({ q: RARE_WORD, status: "answered" }))],
];

const sqlite = cfg.provider === "sqlite" ? new Database(cfg.file, { readonly: true }) : null;
const pool = cfg.provider === "postgresql" ? new pg.Pool({ connectionString: cfg.url, max: 1 }) : null;
async function plan(sql: string, params: unknown[]): Promise<string> {
  if (sqlite) return (sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params.map((p) => (typeof p === "boolean" ? Number(p) : p))) as { detail: string }[]).map((r) => r.detail).join(" | ");
  const res = await pool!.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
  return res.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n      ");
}

for (const [name, fn] of reads) {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    statements.length = 0;
    const started = performance.now();
    await fn();
    ms.push(performance.now() - started);
  }
  const s = summarise(ms);
  console.log(`${name}: p50 ${s.p50} ms, p99 ${s.p99} ms, ${statements.length} statements`);
  if (showPlans) {
    for (const st of statements) {
      const params = JSON.parse(st.params) as unknown[];
      console.log(`    ${st.sql.slice(0, 400).replace(/\s+/g, " ")}${st.sql.length > 400 ? "…" : ""}`);
      console.log(`      plan: ${await plan(st.sql, params).catch((e: Error) => `(${e.message})`)}`);
    }
  }
}
await client.$disconnect();
await pool?.end();
process.exit(0);
