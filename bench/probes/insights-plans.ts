// The insights figures a lead asks for, through the app's own computeInsights (so the SQL is what
// the page and GET /api/v1/insights send), against a database seeded by bench/probes/history-seed.ts:
// the default 30 days, a week, the whole 91 days, one agent, and a period with partial days.
// The figures' own statements go through the driver, not Prisma, so --plans prints them here.
// Usage: DATABASE_URL=<from history-seed> TEAM_ID=<…> npx tsx bench/probes/insights-plans.ts [runs] [--plans]
import { computeInsights } from "../../lib/insights/compute";
import { periodOf } from "../../lib/insights/query";
import { cachedDays, dayFigures, periodFigures, readPlan } from "../../lib/insights/sql";
import { isPostgres } from "../../lib/db/provider";
import { HISTORY_AGENTS } from "../lib/fixtures";
import { done, measure, plan } from "./probe-db";

const runs = Number(process.argv[2] ?? 10);
const teamId = process.env.TEAM_ID!;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const run = (f: { from?: string; to?: string; agent?: string }) => () => computeInsights({ teamId, period: periodOf(f), agent: f.agent });

await measure(
  [
    ["default period (last 30 days)", run({})],
    ["last 7 days", run({ from: day(-6), to: day(0) })],
    ["whole history (91 days)", run({ from: day(-90), to: day(0) })],
    ["one agent, last 30 days", run({ agent: HISTORY_AGENTS[7] })],
    ["30 days with partial days at both edges", run({ from: `${day(-30)}T12:00:00.000Z`, to: `${day(0)}T12:00:00.000Z` })],
  ],
  runs,
  process.argv.includes("--plans"),
);
if (process.argv.includes("--plans")) {
  const w = { teamId, period: periodOf({}) };
  const p = readPlan(w, new Date());
  for (const q of [cachedDays(w, p.cached!), dayFigures(w, p.live, p.edges), ...periodFigures(w, p, { min: 3, max: 10 })]) {
    console.log(`figures statement: ${q.sql.slice(0, 200).replace(/\s+/g, " ")}…`);
    console.log(`  plan: ${await plan(isPostgres() ? q.text : q.sql, q.values)}`);
  }
}
await done();
