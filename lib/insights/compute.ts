// Every figure of the insights page and API, each an aggregate the database computes over the
// period's facts (lib/insights/sql.ts); this file only shapes the few grouped rows that come back
// (days, agents, reviewers).
import { db } from "../db/client";
import { answerSummary } from "../questions/history-summary";
import { toView } from "../questions/view";
import type { Insights } from "./schemas";
import { figures, type FigureRow, type Where } from "./sql";

export type { Where } from "./sql";

const RECURRING = { min: 3, max: 10 };
const AGENTS_MAX = 50;
const DAY_MS = 86_400_000;

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const maybe = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

type Outcome = "answered" | "rejected" | "cancelled" | "expired" | "decidedByRule";
const zero = (): Record<Outcome, number> => ({ answered: 0, rejected: 0, cancelled: 0, expired: 0, decidedByRule: 0 });

/** Each UTC day the period touches, as YYYY-MM-DD (at most MAX_DAYS + 1: no rows involved). */
function daysOf(w: Where): string[] {
  const out: string[] = [];
  for (let t = Math.floor(w.period.from.getTime() / DAY_MS) * DAY_MS; t < w.period.to.getTime(); t += DAY_MS) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

function outcomes(w: Where, rows: FigureRow[]) {
  const byDay = new Map(daysOf(w).map((day) => [day, { day, ...zero(), medianSeconds: null as number | null, p90Seconds: null as number | null }]));
  const counts = zero();
  let waiting = 0;
  for (const r of rows) {
    if (r.fig === "outcome") {
      const o = r.k2 as Outcome;
      counts[o] += num(r.a);
      if (o !== "decidedByRule") waiting += num(r.b);
      const d = byDay.get(String(r.k1));
      if (d) d[o] += num(r.a);
    } else if (r.fig === "day") {
      const d = byDay.get(String(r.k1));
      if (d) Object.assign(d, { medianSeconds: maybe(r.a), p90Seconds: maybe(r.b) });
    }
  }
  const all = rows.find((r) => r.fig === "all");
  return {
    counts: { ...counts, total: Object.values(counts).reduce((a, b) => a + b, 0) },
    waitingSeconds: waiting,
    byDay: [...byDay.values()],
    timeToAnswer: { medianSeconds: maybe(all?.a), p90Seconds: maybe(all?.b), answered: num(all?.c) },
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
  const medians = new Map(rows.filter((r) => r.fig === "byAgent").map((r) => [String(r.k1), maybe(r.a)]));
  return [...agents]
    .map(([agent, a]) => ({ agent, requests: a.requests, medianSeconds: medians.get(agent) ?? null, rejectedShare: a.rejected / a.requests, expiredShare: a.expired / a.requests }))
    .sort((x, y) => y.requests - x.requests || x.agent.localeCompare(y.agent))
    .slice(0, AGENTS_MAX);
}

function byReviewer(rows: FigureRow[]): Insights["byReviewer"] {
  return rows
    .filter((r) => r.fig === "reviewer")
    .map((r) => ({ reviewer: String(r.k1), decisions: num(r.c), medianSeconds: maybe(r.a) }))
    .sort((x, y) => y.decisions - x.decisions || x.reviewer.localeCompare(y.reviewer));
}

/** The same question answered the same way at least RECURRING.min times: a rule waiting to be made. */
async function recurring(w: Where, rows: FigureRow[]): Promise<Insights["recurring"]> {
  const groups = rows.filter((r) => r.fig === "recurring").sort((x, y) => num(y.a) - num(x.a) || String(x.k1).localeCompare(String(y.k1)) || String(x.k2).localeCompare(String(y.k2)));
  if (!groups.length) return [];
  const last = await Promise.all(groups.map((g) => latest(w, String(g.k1), String(g.k2))));
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

/** The group's latest answer by a person in the period: one step down the (teamId, fingerprint, answerDigest, resolvedAt) index. */
async function latest(w: Where, fingerprint: string, answerDigest: string): Promise<string | null> {
  const row = await db().questionRequest.findFirst({
    where: {
      AND: [
        { teamId: w.teamId, fingerprint, answerDigest, status: "answered", resolvedAt: { gte: w.period.from, lt: w.period.to } },
        { NOT: { resolvedBy: { startsWith: "rule:" } } },
        w.agent ? { agentName: w.agent } : {},
        w.kind ? { kind: w.kind } : {},
        w.actor ? { resolvedBy: w.actor } : {},
      ],
    },
    orderBy: { resolvedAt: "desc" },
    select: { id: true },
  });
  return row?.id ?? null;
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
  const [parts, pending] = await Promise.all([Promise.all(figures(w, RECURRING).map((q) => db().$queryRaw<FigureRow[]>(q))), open(w, now)]);
  const rows = parts.flat();
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
