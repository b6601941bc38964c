// Insights at scale: the same 1,000,000 resolved requests as the history scenario (90 days, 50
// agents, seeded directly), then GET /api/v1/insights with a `read` token — the default period
// (30 days, about a third of the rows), a week, the whole 90 days (every row in the period), and one
// agent over 30 days — and the /insights page as a signed-in lead, one request at a time.
import { performance } from "node:perf_hooks";
import { agent, call } from "../lib/http";
import { HISTORY_AGENTS } from "../lib/fixtures";
import { summarise, type Summary } from "../lib/stats";

/** serverCpuMs: the app server's CPU time per timed request (on SQLite the SQL runs in it too; on PostgreSQL its backends' share is not counted). */
export type InsightsRow = { name: string; path: string; rowsInPeriod: number; bytes: number; latencyMs: Summary; serverCpuMs?: number; page?: boolean };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function runInsights(opts: { base: string; readToken: string; leadCookie: string; samples: number; log: (s: string) => void; serverCpuMs?: () => number }): Promise<InsightsRow[]> {
  const agentName = HISTORY_AGENTS[7]!;
  const queries = [
    { name: "default period (last 30 days)", path: "/api/v1/insights" },
    { name: "last 7 days", path: `/api/v1/insights?from=${day(-6)}&to=${day(0)}` },
    { name: "whole history (91 days)", path: `/api/v1/insights?from=${day(-90)}&to=${day(0)}` },
    { name: "one agent, last 30 days", path: `/api/v1/insights?agent=${agentName}` },
    { name: "page: /insights (last 30 days)", path: "/insights", page: true },
  ];
  const pool = agent();
  const out: InsightsRow[] = [];
  for (const q of queries) {
    const times: number[] = [];
    let text = "";
    let cpuAt = 0;
    for (let i = 0; i < opts.samples + 2; i++) {
      if (i === 2) cpuAt = opts.serverCpuMs?.() ?? 0;
      const started = performance.now();
      const res = await call({ base: opts.base, method: "GET", path: q.path, ...(q.page ? { cookie: opts.leadCookie } : { token: opts.readToken }), agent: pool });
      if (res.status !== 200) throw new Error(`${q.path} → ${res.status}: ${res.text.slice(0, 200)}`);
      if (i >= 2) times.push(res.at - started); // two warm-ups
      text = res.text;
    }
    const rowsInPeriod = q.page ? 0 : (JSON.parse(text) as { counts: { total: number } }).counts.total;
    const serverCpuMs = opts.serverCpuMs ? Math.round(((opts.serverCpuMs() - cpuAt) / opts.samples) * 10) / 10 : undefined;
    const row: InsightsRow = { name: q.name, path: q.path, rowsInPeriod, bytes: Buffer.byteLength(text), latencyMs: summarise(times), serverCpuMs, ...(q.page ? { page: true } : {}) };
    out.push(row);
    opts.log(`  ${q.name}: p50 ${row.latencyMs.p50} ms, p99 ${row.latencyMs.p99} ms, server CPU ${serverCpuMs ?? "–"} ms per request (${rowsInPeriod.toLocaleString("en")} decisions in the period)`);
  }
  pool.destroy();
  return out;
}
