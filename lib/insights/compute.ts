// Every figure of the insights page and API, each an aggregate the database computes over the
// period's facts (lib/insights/sql.ts); this file only shapes the few grouped rows that come back
// (days, agents, reviewers).
import type { Sql } from "@prisma/client/runtime/client";
import { db, pgPool, sqliteExclusive } from "../db/client";
import { isPostgres } from "../db/provider";
import { answerSummary } from "../questions/history-summary";
import { toView } from "../questions/view";
import type { Insights } from "./schemas";
import { figures, latestAnswer, openNow, pickRanks, type FigureRow, type Where } from "./sql";

export type { Where } from "./sql";

const RECURRING = { min: 3, max: 10 };
const AGENTS_MAX = 50;
const DAY_MS = 86_400_000;

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

type Outcome = "answered" | "rejected" | "cancelled" | "expired" | "decidedByRule";
const zero = (): Record<Outcome, number> => ({ answered: 0, rejected: 0, cancelled: 0, expired: 0, decidedByRule: 0 });

/** Each UTC day the period touches, as YYYY-MM-DD (at most MAX_DAYS + 1: no rows involved). */
function daysOf(w: Where): string[] {
  const out: string[] = [];
  for (let t = Math.floor(w.period.from.getTime() / DAY_MS) * DAY_MS; t < w.period.to.getTime(); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** Rows grouped by one key, in the order they came. */
function groups(rows: FigureRow[], fig: FigureRow["fig"]): Map<string, FigureRow[]> {
  const out = new Map<string, FigureRow[]>();
  for (const r of rows) {
    if (r.fig !== fig) continue;
    const list = out.get(String(r.k1));
    if (list) list.push(r);
    else out.set(String(r.k1), [r]);
  }
  return out;
}

function outcomes(w: Where, rows: FigureRow[]) {
  const byDay = new Map(daysOf(w).map((day) => [day, { day, ...zero(), medianSeconds: null as number | null, p90Seconds: null as number | null }]));
  const counts = zero();
  let waiting = 0;
  for (const r of rows.filter((x) => x.fig === "outcome")) {
    const o: Record<Outcome, number> = { answered: num(r.a), rejected: num(r.b), cancelled: num(r.c), expired: num(r.d), decidedByRule: num(r.e) };
    waiting += num(r.waited);
    const d = byDay.get(String(r.k1));
    for (const k of Object.keys(o) as Outcome[]) {
      counts[k] += o[k];
      if (d) d[k] += o[k];
    }
  }
  for (const [day, crossing] of groups(rows, "day")) {
    const d = byDay.get(day);
    const p = pickRanks(crossing);
    if (d) Object.assign(d, { medianSeconds: p.medianSeconds, p90Seconds: p.p90Seconds });
  }
  const all = pickRanks(rows.filter((r) => r.fig === "all"));
  return {
    counts: { ...counts, total: Object.values(counts).reduce((a, b) => a + b, 0) },
    waitingSeconds: waiting,
    byDay: [...byDay.values()],
    timeToAnswer: { medianSeconds: all.medianSeconds, p90Seconds: all.p90Seconds, answered: all.count },
  };
}

function byAgent(rows: FigureRow[]): Insights["byAgent"] {
  const agents = new Map<string, { requests: number; rejected: number; expired: number }>();
  for (const r of rows.filter((x) => x.fig === "agent")) {
    const a = agents.get(String(r.k1)) ?? { requests: 0, rejected: 0, expired: 0 };
    a.requests += num(r.a);
    if (r.k2 === "rejected") a.rejected += num(r.a);
    if (r.k2 === "expired") a.expired += num(r.a);
    agents.set(String(r.k1), a);
  }
  const medians = new Map([...groups(rows, "byAgent")].map(([agent, crossing]) => [agent, pickRanks(crossing).medianSeconds]));
  return [...agents]
    .map(([agent, a]) => ({ agent, requests: a.requests, medianSeconds: medians.get(agent) ?? null, rejectedShare: a.rejected / a.requests, expiredShare: a.expired / a.requests }))
    .sort((x, y) => y.requests - x.requests || x.agent.localeCompare(y.agent))
    .slice(0, AGENTS_MAX);
}

function byReviewer(rows: FigureRow[]): Insights["byReviewer"] {
  return [...groups(rows, "reviewer")]
    .map(([reviewer, crossing]) => {
      const p = pickRanks(crossing);
      return { reviewer, decisions: p.count, medianSeconds: p.medianSeconds };
    })
    .sort((x, y) => y.decisions - x.decisions || x.reviewer.localeCompare(y.reviewer));
}

/** The same question answered the same way at least RECURRING.min times: a rule waiting to be made. */
async function recurring(w: Where, rows: FigureRow[]): Promise<Insights["recurring"]> {
  const groups = rows.filter((r) => r.fig === "recurring").sort((x, y) => num(y.a) - num(x.a) || String(x.k1).localeCompare(String(y.k1)) || String(x.k2).localeCompare(String(y.k2)));
  if (!groups.length) return [];
  const last = (await read(groups.map((g) => latestAnswer(w, String(g.k1), String(g.k2))))).map((r) => ((r[0] as { id?: string } | undefined)?.id ?? null));
  const found = await db().questionRequest.findMany({ where: { id: { in: last.filter((id): id is string => id !== null) }, teamId: w.teamId } });
  const byId = new Map(found.map((r) => [r.id, toView(r)]));
  return groups.flatMap((g, i) => {
    const view = byId.get(last[i] ?? "");
    if (!view || !view.response || !("answers" in view.response)) return [];
    const answers = Object.fromEntries(Object.entries(view.response.answers).map(([k, a]) => [k, { ...a, note: null }]));
    const q = view.questions[0]!;
    return [{
      fingerprint: String(g.k1),
      count: num(g.a),
      header: q.header,
      prompt: view.questions.length > 1 ? `${q.prompt} (+${view.questions.length - 1} more)` : q.prompt,
      answer: answerSummary({ questions: view.questions, response: { answers } }).map((s) => `${s.header}: ${s.value}`).join("; "),
      lastRequestId: view.id,
    }];
  });
}

/**
 * The statements straight through the driver (the pool on PostgreSQL, side by side; the one SQLite
 * connection, one after the other in one turn), not Prisma's raw query: they return a few hundred
 * rows, and Prisma's per-statement cost was most of the request's CPU.
 */
async function read(qs: Sql[]): Promise<FigureRow[][]> {
  if (isPostgres()) return Promise.all(qs.map(async (q) => (await pgPool().query<FigureRow>(q.text, q.values)).rows));
  return sqliteExclusive((c) => qs.map((q) => c.prepare(q.sql).all(...(q.values as unknown[])) as FigureRow[]));
}

/** Pending now: the inbox's count and its oldest wait. */
function open(row: FigureRow | undefined, now: Date): Insights["open"] {
  const { n, oldest } = (row ?? {}) as { n?: unknown; oldest?: unknown };
  return { count: num(n), oldestSeconds: oldest ? Math.max(0, Math.floor((now.getTime() - new Date(String(oldest)).getTime()) / 1000)) : null };
}

export async function computeInsights(w: Where, now = new Date()): Promise<Insights> {
  const parts = await read([openNow(w), ...figures(w, RECURRING)]);
  const pending = open(parts[0]![0], now);
  const rows = parts.slice(1).flat();
  const o = outcomes(w, rows);
  const [agents, reviewers, rec] = [byAgent(rows), byReviewer(rows), await recurring(w, rows)];
  return {
    period: { from: w.period.from.toISOString(), to: w.period.to.toISOString() },
    filters: { agent: w.agent ?? null, kind: w.kind ?? null },
    timeToAnswer: o.timeToAnswer,
    counts: o.counts,
    open: pending,
    waitingSeconds: o.waitingSeconds,
    byDay: o.byDay,
    byAgent: agents,
    byReviewer: reviewers,
    recurring: rec,
  };
}
