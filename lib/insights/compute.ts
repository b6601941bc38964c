// Every figure of the insights page and API, each an aggregate the database computes (lib/insights/
// sql.ts); this file only shapes the few grouped rows that come back (days, agents, reviewers).
import { raw, sqltag as sql, type Sql } from "@prisma/client/runtime/client";
import { db } from "../db/client";
import { answerSummary } from "../questions/history-summary";
import { toView } from "../questions/view";
import type { Insights } from "./schemas";
import { BY_PERSON, DAY, DECISION, decided, percentiles, RULE, type Where } from "./sql";

export type { Where } from "./sql";

const RECURRING_MIN = 3;
const RECURRING_MAX = 10;
const AGENTS_MAX = 50;
const DAY_MS = 86_400_000;

type Row = Record<string, unknown>;
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const maybe = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const query = (q: Sql) => db().$queryRaw<Row[]>(q);

type Outcome = "answered" | "rejected" | "cancelled" | "expired" | "decidedByRule";
const zero = (): Record<Outcome, number> => ({ answered: 0, rejected: 0, cancelled: 0, expired: 0, decidedByRule: 0 });
const outcomeOf = (r: Row): Outcome => (num(r.rule) ? "decidedByRule" : (r.status as Outcome));

/** Each UTC day the period touches, as YYYY-MM-DD (at most MAX_DAYS + 1: no rows involved). */
function daysOf(w: Where): string[] {
  const out: string[] = [];
  for (let t = Math.floor(w.period.from.getTime() / DAY_MS) * DAY_MS; t < w.period.to.getTime(); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

async function outcomes(w: Where) {
  const rows = await query(sql`SELECT ${DAY()} AS day, q."status" AS status, ${RULE} AS rule, COUNT(*) AS n, SUM(q."waitSeconds") AS s
    FROM "QuestionRequest" q WHERE ${decided(w)} GROUP BY 1, 2, 3`);
  const [p, overall] = await Promise.all([
    query(percentiles(DAY(), sql`${decided(w)} AND ${BY_PERSON}`)),
    query(percentiles(raw(`q."teamId"`), sql`${decided(w)} AND ${BY_PERSON}`)),
  ]);
  const byDay = new Map(daysOf(w).map((day) => [day, { day, ...zero(), medianSeconds: null as number | null, p90Seconds: null as number | null }]));
  const counts = zero();
  let waiting = 0;
  for (const r of rows) {
    const o = outcomeOf(r);
    counts[o] += num(r.n);
    if (o !== "decidedByRule") waiting += num(r.s);
    const d = byDay.get(String(r.day));
    if (d) d[o] += num(r.n);
  }
  for (const r of p) {
    const d = byDay.get(String(r.g));
    if (d) Object.assign(d, { medianSeconds: maybe(r.p50), p90Seconds: maybe(r.p90) });
  }
  const all = overall[0];
  return {
    counts: { ...counts, total: Object.values(counts).reduce((a, b) => a + b, 0) },
    waitingSeconds: waiting,
    byDay: [...byDay.values()],
    timeToAnswer: { medianSeconds: maybe(all?.p50), p90Seconds: maybe(all?.p90), answered: num(all?.n) },
  };
}

async function byAgent(w: Where): Promise<Insights["byAgent"]> {
  const [rows, p] = await Promise.all([
    query(sql`SELECT q."agentName" AS agent, q."status" AS status, COUNT(*) AS n FROM "QuestionRequest" q WHERE ${decided(w)} GROUP BY 1, 2`),
    query(percentiles(raw(`q."agentName"`), sql`${decided(w)} AND ${BY_PERSON}`)),
  ]);
  const agents = new Map<string, { requests: number; rejected: number; expired: number }>();
  for (const r of rows) {
    const a = agents.get(String(r.agent)) ?? { requests: 0, rejected: 0, expired: 0 };
    a.requests += num(r.n);
    if (r.status === "rejected") a.rejected += num(r.n);
    if (r.status === "expired") a.expired += num(r.n);
    agents.set(String(r.agent), a);
  }
  const medians = new Map(p.map((r) => [String(r.g), maybe(r.p50)]));
  return [...agents]
    .map(([agent, a]) => ({ agent, requests: a.requests, medianSeconds: medians.get(agent) ?? null, rejectedShare: a.rejected / a.requests, expiredShare: a.expired / a.requests }))
    .sort((x, y) => y.requests - x.requests || x.agent.localeCompare(y.agent))
    .slice(0, AGENTS_MAX);
}

async function byReviewer(w: Where): Promise<Insights["byReviewer"]> {
  const rows = await query(percentiles(raw(`q."resolvedBy"`), sql`${decided(w)} AND ${DECISION}`));
  return rows
    .map((r) => ({ reviewer: String(r.g), decisions: num(r.n), medianSeconds: maybe(r.p50) }))
    .sort((x, y) => y.decisions - x.decisions || x.reviewer.localeCompare(y.reviewer));
}

/** The same question answered the same way at least RECURRING_MIN times: a rule waiting to be made. */
async function recurring(w: Where): Promise<Insights["recurring"]> {
  const groups = await query(sql`SELECT q."fingerprint" AS fp, COUNT(*) AS n, MAX(q."id") AS last FROM "QuestionRequest" q
    WHERE ${decided(w)} AND ${BY_PERSON} AND q."fingerprint" IS NOT NULL AND q."answerDigest" IS NOT NULL
    GROUP BY q."fingerprint", q."answerDigest" HAVING COUNT(*) >= ${RECURRING_MIN} ORDER BY 2 DESC, 3 DESC LIMIT ${RECURRING_MAX}`);
  if (!groups.length) return [];
  const rows = await db().questionRequest.findMany({ where: { id: { in: groups.map((g) => String(g.last)) }, teamId: w.teamId } });
  const byId = new Map(rows.map((r) => [r.id, toView(r)]));
  return groups.flatMap((g) => {
    const view = byId.get(String(g.last));
    if (!view || !view.response || !("answers" in view.response)) return [];
    const answers = Object.fromEntries(Object.entries(view.response.answers).map(([k, a]) => [k, { ...a, note: null }]));
    const q = view.questions[0]!;
    return [{
      fingerprint: String(g.fp),
      count: num(g.n),
      header: q.header,
      prompt: view.questions.length > 1 ? `${q.prompt} (+${view.questions.length - 1} more)` : q.prompt,
      answer: answerSummary({ questions: view.questions, response: { answers } }).map((s) => `${s.header}: ${s.value}`).join("; "),
      lastRequestId: view.id,
    }];
  });
}

/** Pending now, whatever the period: the inbox's count and its oldest wait (ids are time-ordered). */
async function open(w: Where, now: Date): Promise<Insights["open"]> {
  const where = {
    teamId: w.teamId,
    status: "pending",
    ...(w.agent ? { agentName: w.agent } : {}),
    ...(w.kind ? { kind: w.kind } : {}),
  };
  const [count, oldest] = await Promise.all([
    db().questionRequest.count({ where }),
    db().questionRequest.findFirst({ where, orderBy: { id: "asc" }, select: { createdAt: true } }),
  ]);
  return { count, oldestSeconds: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.createdAt.getTime()) / 1000)) : null };
}

export async function computeInsights(w: Where, now = new Date()): Promise<Insights> {
  const [o, agents, reviewers, rec, pending] = await Promise.all([outcomes(w), byAgent(w), byReviewer(w), recurring(w), open(w, now)]);
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
