// Every figure of the insights page and API, each an aggregate the database computes over the
// period's facts (lib/insights/sql.ts); this file only shapes the few grouped rows that come back
// (days, agents, reviewers).
import type Database from "better-sqlite3";
import type { Sql } from "@prisma/client/runtime/client";
import { pgPool, sqliteExclusive } from "../db/client";
import { isPostgres } from "../db/provider";
import { answerSummary } from "../questions/history-summary";
import type { Question } from "../questions/schemas";
import type { StoredResponse } from "../questions/view";
import { countPending } from "./pending";
import type { Insights } from "./schemas";
import { cachedDays, dayFigures, latestAnswer, openNow, periodFigures, pickRanks, readPlan, storeDays, type DayRange, type DayRow, type FigureRow, type Where } from "./sql";

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

function outcomes(w: Where, days: DayRow[], rows: FigureRow[]) {
  const byDay = new Map(daysOf(w).map((day) => [day, { day, ...zero(), medianSeconds: null as number | null, p90Seconds: null as number | null }]));
  const counts = zero();
  let waiting = 0;
  for (const r of days) {
    const o: Record<Outcome, number> = { answered: num(r.a), rejected: num(r.b), cancelled: num(r.c), expired: num(r.d), decidedByRule: num(r.e) };
    waiting += num(r.waited);
    for (const k of Object.keys(o) as Outcome[]) counts[k] += o[k];
    const d = byDay.get(String(r.day));
    if (d) Object.assign(d, o, { medianSeconds: r.med === null || r.med === undefined ? null : num(r.med), p90Seconds: r.p90 === null || r.p90 === undefined ? null : num(r.p90) });
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

/** A recurring group's example: the request's id and its stored questions and response (JSON text). */
type Example = { id: string; questions: string; response: string | null };

/** The same question answered the same way at least RECURRING.min times: a rule waiting to be made. */
async function recurring(w: Where, rows: FigureRow[]): Promise<Insights["recurring"]> {
  const groups = rows.filter((r) => r.fig === "recurring").sort((x, y) => num(y.a) - num(x.a) || String(x.k1).localeCompare(String(y.k1)) || String(x.k2).localeCompare(String(y.k2)));
  if (!groups.length) return [];
  // Each group's latest answer with its questions and response, read with it (no second lookup).
  const last = (await read<Example>(groups.map((g) => latestAnswer(w, String(g.k1), String(g.k2))))).map((r) => r[0]);
  return groups.flatMap((g, i) => {
    const row = last[i];
    const response = row?.response ? (JSON.parse(row.response) as StoredResponse) : null;
    if (!row || !response || !("answers" in response)) return [];
    const view = { id: row.id, questions: JSON.parse(row.questions) as Question[] };
    const answers = Object.fromEntries(Object.entries(response.answers).map(([k, a]) => [k, { ...a, note: null }]));
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
 * The statements straight through the driver (one pooled connection on PostgreSQL, the one SQLite
 * connection in one turn), one after the other, not Prisma's raw query: they return a few hundred
 * rows, and Prisma's per-statement cost was most of the request's CPU. A null is no statement.
 */
async function read<R = FigureRow>(qs: (Sql | null)[]): Promise<R[][]> {
  if (isPostgres()) return readPg(qs);
  return sqliteExclusive((c) =>
    qs.map((q) => {
      if (!q) return [];
      const st = prepared(c, q.sql);
      const values = q.values as unknown[];
      if (st.reader) return st.all(...values) as R[];
      st.run(...values);
      return [];
    }),
  );
}

/**
 * SQLite compiles a statement's text on every prepare (4 ms of a request's CPU for these): keep the
 * last few compiled, per connection. A period's statements differ only in their number of parts.
 */
const compiled = new WeakMap<Database.Database, Map<string, Database.Statement>>();
function prepared(c: Database.Database, text: string): Database.Statement {
  let cache = compiled.get(c);
  if (!cache) compiled.set(c, (cache = new Map()));
  let st = cache.get(text);
  if (st) cache.delete(text);
  else st = c.prepare(text);
  cache.set(text, st); // most recently used last
  if (cache.size > 64) cache.delete(cache.keys().next().value!);
  return st;
}

/**
 * On PostgreSQL one connection, one transaction, without parallel workers: each statement reads a
 * few thousand rows in a few ms, and starting workers for them (the planner's choice for a
 * multi-part UNION ALL) took 50–100 ms on a loaded 2-core machine. SET LOCAL ends with the
 * transaction, so the pool's connection goes back as it was.
 */
async function readPg<R>(qs: (Sql | null)[]): Promise<R[][]> {
  const client = await pgPool().connect();
  let failed: Error | undefined;
  try {
    await client.query("BEGIN");
    await client.query("SET LOCAL max_parallel_workers_per_gather = 0");
    const out: R[][] = [];
    for (const q of qs) out.push(q ? (await client.query(q.text, q.values)).rows : []);
    await client.query("COMMIT");
    return out;
  } catch (e) {
    failed = e as Error; // the connection is dropped, not reused mid-transaction
    throw e;
  } finally {
    client.release(failed);
  }
}

/**
 * The closed days of the period that had no valid cached figures: computed from the histogram
 * with their versions (one statement), stored for the next read, and returned.
 */
async function fillCache(w: Where, range: DayRange | null, cached: DayRow[]): Promise<DayRow[]> {
  if (!range) return [];
  const have = new Set(cached.map((r) => String(r.day)));
  const missing: string[] = [];
  for (let d = range.from; d < range.to; d++) {
    const day = new Date(d * DAY_MS).toISOString().slice(0, 10);
    if (!have.has(day)) missing.push(day);
  }
  if (!missing.length) return [];
  const [rows] = await read<DayRow>([dayFigures(w, missing, [], true)]);
  for (let i = 0; i < rows!.length; i += 500) await read([storeDays(w, rows!.slice(i, i + 500))]);
  return rows!;
}

/** Pending now: the inbox's count and its oldest wait. */
function open(row: FigureRow | undefined, now: Date): Insights["open"] {
  const { n, oldest } = (row ?? {}) as { n?: unknown; oldest?: unknown };
  return { count: num(n), oldestSeconds: oldest ? Math.max(0, Math.floor((now.getTime() - new Date(String(oldest)).getTime()) / 1000)) : null };
}

export async function computeInsights(w: Where, now = new Date()): Promise<Insights> {
  // Decisions whose counters are still to come (lib/insights/pending.ts) are counted first.
  await countPending();
  const plan = readPlan(w, now);
  const [openRows, cached, live, period, recurringRows] = await read<unknown>([
    openNow(w),
    plan.cached ? cachedDays(w, plan.cached) : null,
    plan.live || plan.edges.length ? dayFigures(w, plan.live, plan.edges) : null,
    ...periodFigures(w, plan, RECURRING),
  ]);
  const days = [...(cached as DayRow[]), ...(live as DayRow[]), ...(await fillCache(w, plan.cached, cached as DayRow[]))];
  const rows = [...(period as FigureRow[]), ...(recurringRows as FigureRow[])];
  const pending = open((openRows as FigureRow[])[0], now);
  const o = outcomes(w, days, rows);
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
