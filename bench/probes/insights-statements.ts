// Each insights statement timed on its own (this process's CPU on SQLite, wall time on PostgreSQL),
// against a database seeded by bench/probes/history-seed.ts: where a request's time goes.
// Usage: DATABASE_URL=<from history-seed> TEAM_ID=<…> npx tsx bench/probes/insights-statements.ts [runs]
import Database from "better-sqlite3";
import pg from "pg";
import { periodOf } from "../../lib/insights/query";
import { cachedDays, dayFigures, openNow, periodFigures, readPlan } from "../../lib/insights/sql";
import { databaseConfig } from "../../lib/db/config";
import { HISTORY_AGENTS } from "../lib/fixtures";

const runs = Number(process.argv[2] ?? 5);
const teamId = process.env.TEAM_ID!;
const cfg = databaseConfig();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const sqlite = cfg.provider === "sqlite" ? new Database(cfg.file, { readonly: true }) : null;
const pool = cfg.provider === "postgresql" ? new pg.Pool({ connectionString: cfg.url, max: 1, options: "-c max_parallel_workers_per_gather=0" }) : null; // no parallel workers, as lib/insights/compute.ts reads

async function time(q: { sql: string; text: string; values: unknown[] }): Promise<{ ms: number; cpu: number; rows: number }> {
  const cpu = process.cpuUsage();
  const t = performance.now();
  let rows = 0;
  for (let i = 0; i < runs; i++) rows = sqlite ? sqlite.prepare(q.sql).all(...q.values).length : (await pool!.query(q.text, q.values)).rowCount ?? 0;
  const used = process.cpuUsage(cpu);
  return { ms: (performance.now() - t) / runs, cpu: (used.user + used.system) / 1000 / runs, rows };
}

const cases: [string, { from?: string; to?: string; agent?: string }][] = [
  ["30 days", {}],
  ["7 days", { from: day(-6), to: day(0) }],
  ["91 days", { from: day(-90), to: day(0) }],
  ["one agent", { agent: HISTORY_AGENTS[7] }],
];
for (const [name, f] of cases) {
  const w = { teamId, period: periodOf(f), agent: f.agent };
  const p = readPlan(w, new Date());
  const closed: string[] = [];
  for (let d = p.cached?.from ?? 0; d < (p.cached?.to ?? 0); d++) closed.push(new Date(d * 86_400_000).toISOString().slice(0, 10));
  const [period, recurring] = periodFigures(w, p, { min: 3, max: 10 });
  const qs = [
    ["open", openNow(w)],
    ["cached days", p.cached ? cachedDays(w, p.cached) : null],
    ["live days", dayFigures(w, p.live, p.edges)],
    ["period figures", period],
    ["recurring", recurring],
    [`fill ${closed.length} days`, closed.length ? dayFigures(w, closed, [], true) : null],
  ] as const;
  console.log(`${name}: spans ${p.spans.map((s) => `${s.sign < 0 ? "−" : "+"}${s.span}×${(s.to - s.from) / s.span}`).join(" ")}`);
  for (const [label, q] of qs) {
    if (!q) continue;
    await time(q as never);
    const r = await time(q as never);
    console.log(`${name.padEnd(10)} ${String(label).padEnd(18)} ${r.ms.toFixed(1).padStart(7)} ms wall ${r.cpu.toFixed(1).padStart(7)} ms cpu ${r.rows} rows`);
  }
}
await pool?.end();
