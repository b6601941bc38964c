// The SQL insights runs, per provider. Every figure is an aggregate over `facts(w)`: the
// period's decisions as weighted rows (n requests each) — whole UTC days from the InsightDay
// histogram the database keeps by trigger (prisma/*/migrations/20261205020000_insight_day), the
// partial days at a period's edges from the requests themselves (n = 1). Percentiles are exact
// nearest-rank values (rank ⌈p·n⌉) found by a running count in wait order (crossings()).
import { empty, join, raw, sqltag as sql, type Sql } from "@prisma/client/runtime/client";
import { isPostgres } from "../db/provider";
import type { Period } from "./query";

export type Where = { teamId: string; period: Period; agent?: string; kind?: string; actor?: string };

const DAY_MS = 86_400_000;

/** A timestamp parameter compared with a stored DateTime (ISO text on SQLite). */
function at(d: Date): Sql {
  return isPostgres() ? sql`CAST(${d.toISOString()} AS timestamp)` : sql`${d.toISOString().replace("Z", "+00:00")}`;
}

/** The histogram's key computed from a request row `r` — the same expressions as the triggers. */
function keyOf(): Sql {
  const person = `r."status" = 'answered' AND r."resolvedBy" NOT LIKE 'rule:%' AND r."fingerprint" IS NOT NULL AND r."answerDigest" IS NOT NULL`;
  const day = isPostgres() ? `to_char(r."resolvedAt", 'YYYY-MM-DD')` : `substr(r."resolvedAt", 1, 10)`;
  return raw(`r."teamId" AS "teamId", ${day} AS "day", r."agentName" AS "agentName", COALESCE(r."kind", '') AS "kind",
    CASE WHEN r."resolvedBy" LIKE 'rule:%' THEN 'rule:' ELSE COALESCE(r."resolvedBy", '') END AS "resolvedBy", r."status" AS "status",
    COALESCE(r."waitSeconds", -1) AS "waitSeconds", CASE WHEN ${person} THEN r."fingerprint" ELSE '' END AS "fingerprint",
    CASE WHEN ${person} THEN r."answerDigest" ELSE '' END AS "answerDigest", 1 AS "n"`);
}

const COLUMNS = raw(`r."teamId", r."day", r."agentName", r."kind", r."resolvedBy", r."status", r."waitSeconds", r."fingerprint", r."answerDigest", r."n"`);

function filters(w: Where, resolver: string): Sql {
  return sql`${w.agent ? sql` AND r."agentName" = ${w.agent}` : empty}${w.kind ? sql` AND COALESCE(r."kind", '') = ${w.kind}` : empty}${
    w.actor ? sql` AND ${raw(resolver)} = ${w.actor}` : empty
  }`;
}

/** Requests resolved in [from, to), one fact each (for the partial days at the edges). */
function fromRequests(w: Where, cols: string, from: Date, to: Date): Sql {
  return sql`SELECT ${raw(cols)} FROM (SELECT ${keyOf()} FROM "QuestionRequest" r WHERE r."teamId" = ${w.teamId} AND r."resolvedAt" >= ${at(from)} AND r."resolvedAt" < ${at(to)}
    AND r."status" <> 'pending'${filters(w, `r."resolvedBy"`)}) r`;
}

/** The histogram's rows of the whole days [from, to) or of a list of days. */
function fromDays(w: Where, cols: string, days: DayRange | string[]): Sql {
  const which = Array.isArray(days) ? sql`r."day" IN (${join(days)})` : sql`r."day" >= ${dayOf(days.from)} AND r."day" < ${dayOf(days.to)}`;
  return sql`SELECT ${raw(cols)} FROM "InsightDay" r WHERE r."teamId" = ${w.teamId} AND ${which}${filters(w, `r."resolvedBy"`)}`;
}

/** InsightSpan's rows of the spans of `span` days starting in [from, to) (aligned: whole spans). */
function fromSpans(w: Where, cols: string, s: SpanRange): Sql {
  return sql`SELECT ${raw(cols)} FROM "InsightSpan" r WHERE r."teamId" = ${w.teamId} AND r."span" = ${s.span} AND r."start" >= ${dayOf(s.from)} AND r."start" < ${dayOf(s.to)}${filters(w, `r."resolvedBy"`)}`;
}

/** Epoch days (UTC); spans are aligned to Monday 1970-01-05, epoch day 4. */
export type DayRange = { from: number; to: number };
/** Spans of `span` days starting in [from, to), added (sign 1) or taken away (sign -1). */
export type SpanRange = DayRange & { span: number; sign: 1 | -1 };
const dayOf = (d: number) => new Date(d * DAY_MS).toISOString().slice(0, 10);
const mod = (a: number, m: number) => ((a % m) + m) % m;
const SPANS = [28, 7];

/**
 * [from, to) as signed spans of 28 and 7 days and single days (span 1) that read the fewest parts:
 * a histogram is additive, so a span that overhangs the range is as exact as filling it with
 * smaller parts, once the overhang is taken away. Parts from `future` on cost nothing (they hold
 * no decisions, or the few a skewed clock put there) but are still read, so the sum stays exact.
 */
export function spansOf(r: DayRange, future: number, levels = SPANS, sign: 1 | -1 = 1): SpanRange[] {
  if (r.from >= r.to) return [];
  const [s, ...rest] = levels;
  if (s === undefined) return [{ span: 1, sign, ...r }];
  const down = (x: number) => x - mod(x - 4, s);
  const up = (x: number) => down(x + s - 1);
  const options = [spansOf(r, future, rest, sign)];
  for (const lo of new Set([up(r.from), down(r.from)]))
    for (const hi of new Set([down(r.to), up(r.to)])) {
      if (lo >= hi) continue;
      const left = lo < r.from ? spansOf({ from: lo, to: r.from }, future, rest, (-sign) as 1 | -1) : spansOf({ from: r.from, to: lo }, future, rest, sign);
      const right = hi > r.to ? spansOf({ from: r.to, to: hi }, future, rest, (-sign) as 1 | -1) : spansOf({ from: hi, to: r.to }, future, rest, sign);
      options.push([{ span: s, from: lo, to: hi, sign }, ...left, ...right]);
    }
  const cost = (parts: SpanRange[]) => parts.reduce((n, p) => n + (p.from >= future ? 0 : (p.to - p.from) / p.span), 0);
  return options.reduce((best, o) => (cost(o) < cost(best) ? o : best));
}

/**
 * How a period is read (docs/decisions.md, "Insights: spans and closed days"): the partial days at
 * its edges from the requests; its whole days' per-day figures from the cache for days closed
 * more than a day before `now` (InsightDayFigure), from the histogram for the others; its period
 * figures from the fewest spans and days that cover its whole days.
 */
export type ReadPlan = { edges: [Date, Date][]; cached: DayRange | null; live: DayRange | null; spans: SpanRange[] };

export function readPlan(w: Where, now: Date): ReadPlan {
  const { from, to } = w.period;
  const first = Math.ceil(from.getTime() / DAY_MS);
  const last = Math.floor(to.getTime() / DAY_MS);
  if (first >= last) return { edges: [[from, to]], cached: null, live: null, spans: [] };
  const edges: [Date, Date][] = [];
  if (from.getTime() < first * DAY_MS) edges.push([from, new Date(first * DAY_MS)]);
  if (last * DAY_MS < to.getTime()) edges.push([new Date(last * DAY_MS), to]);
  const horizon = Math.floor(now.getTime() / DAY_MS) - 1; // yesterday and later stay live
  const split = Math.min(Math.max(horizon, first), last);
  return { edges, cached: first < split ? { from: first, to: split } : null, live: split < last ? { from: split, to: last } : null, spans: spansOf({ from: first, to: last }, horizon + 2) };
}

/** Facts for the per-day figures: whole days from the histogram, the edges from the requests. */
function dayFacts(w: Where, days: DayRange | string[] | null, edges: [Date, Date][]): Sql {
  const cols = `r."day", r."resolvedBy", r."status", r."waitSeconds", r."n"`;
  const parts = [...(days && (Array.isArray(days) ? days.length : days.from < days.to) ? [fromDays(w, cols, days)] : []), ...edges.map(([a, b]) => fromRequests(w, cols, a, b))];
  return parts.length ? sql`(${join(parts, " UNION ALL ")})` : sql`(SELECT ${raw(`'' AS "day", '' AS "resolvedBy", '' AS "status", 0 AS "waitSeconds", 0 AS "n"`)} WHERE 1 = 0)`;
}

/** Facts for the period figures: its spans and leftover days, and its edges from the requests. */
function periodFacts(w: Where, p: ReadPlan): Sql {
  const cols = (sign: number) => `r."agentName", r."resolvedBy", r."status", r."waitSeconds", r."fingerprint", r."answerDigest", ${sign < 0 ? `-r."n" AS "n"` : `r."n"`}`;
  const parts = [
    ...p.spans.map((s) => (s.span === 1 ? fromDays(w, cols(s.sign), s) : fromSpans(w, cols(s.sign), s))),
    ...p.edges.map(([a, b]) => fromRequests(w, cols(1), a, b)),
  ];
  return sql`(${join(parts, " UNION ALL ")})`;
}

const text = (x: string) => `CAST(${x} AS TEXT)`;
const int = (x: string) => `CAST(${x} AS BIGINT)`;
const NO_TEXT = "CAST(NULL AS TEXT)";
const NO_INT = "CAST(NULL AS BIGINT)";

/** Answered by a person: the waits time-to-answer is made of. */
const BY_PERSON = `q."status" = 'answered' AND q."resolvedBy" <> 'rule:'`;
/** A reviewer's decision: answered or rejected by someone, not by the system or a rule. */
const DECISION = `q."status" IN ('answered', 'rejected') AND q."resolvedBy" NOT IN ('system', 'rule:', '')`;

/**
 * Where the median and the 90th percentile of each `group` fall among the rows of `from` matching
 * `where` (columns w, n): every row's running count in wait order (`run`, this row included) and
 * its group's total (`tot`), keeping only the rows where the running count crosses rank ⌈tot/2⌉ or
 * ⌈9·tot/10⌉ — integer division (tot + 1) / 2 and (9·tot + 9) / 10 (BIGINT: PostgreSQL's SUM of
 * a BIGINT is a NUMERIC, whose division is not), the ranks percentile_disc picks. The crossing
 * row's wait is that rank's wait (pickRanks): at most two rows per group come back.
 */
function crossings(figure: string, group: string, from: string, where: string): string {
  const over = (frame: string) => `OVER (PARTITION BY ${group} ORDER BY q.w ROWS ${frame})`;
  return `SELECT '${figure}' AS fig, ${text("grp")} AS k1, ${NO_TEXT} AS k2, ${NO_INT} AS a, ${int("w")} AS w, run - n AS below, run, tot
    FROM (SELECT ${group} AS grp, q.w AS w, ${int("q.n")} AS n, ${int(`SUM(q.n) ${over("UNBOUNDED PRECEDING")}`)} AS run,
      ${int(`SUM(q.n) ${over("BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING")}`)} AS tot FROM ${from} q WHERE ${where} AND q.w >= 0) t
    WHERE (run - n < (tot + 1) / 2 AND run >= (tot + 1) / 2) OR (run - n < (9 * tot + 9) / 10 AND run >= (9 * tot + 9) / 10)`;
}

/** The per-day facts' columns under the short names crossings() reads. */
const WAITS = `(SELECT r."day", r."resolvedBy", r."status", r."waitSeconds" AS w, r."n" AS n FROM f r)`;

export type Figure = "agent" | "all" | "byAgent" | "reviewer" | "recurring";
/**
 * One row of `periodFigures()`: which figure and its keys; counts (agent: a requests of status k2;
 * recurring: a count) or a percentile crossing (w, below, run, tot; see crossings()).
 */
export type FigureRow = { fig: Figure; k1: string | null; k2: string | null; a?: unknown; w?: unknown; below?: unknown; run?: unknown; tot?: unknown };

/** One day's figures: a answered, b rejected, c cancelled, d expired, e by a rule, waited seconds, the median and p90 (null: no answers). */
export type DayRow = { day: string; a: unknown; b: unknown; c: unknown; d: unknown; e: unknown; waited: unknown; med: unknown; p90: unknown; version?: unknown };

const MEDIAN = "(tot + 1) / 2";
const P90 = "(9 * tot + 9) / 10";
const crossing = (rank: string) => `below < ${rank} AND run >= ${rank}`;

/**
 * Each day's figures, one row per day: outcome counts and waits summed over the day's facts, and
 * the median and p90 picked from its crossing rows (crossings()), both walking the histogram in its
 * (team, day, wait) index order. With `versions`, `days` is a list and every listed day comes back
 * (zeros when it has no decisions) with its InsightDayVersion — read in the same statement, so on
 * PostgreSQL in the same snapshot as the figures: a cache row never claims a newer version than
 * its figures.
 */
export function dayFigures(w: Where, days: DayRange | string[] | null, edges: [Date, Date][], versions = false): Sql {
  const outcome = (status: string) => `SUM(CASE WHEN q."resolvedBy" <> 'rule:' AND q."status" = '${status}' THEN q."n" ELSE 0 END)`;
  const o = `o AS (SELECT ${text(`q."day"`)} AS day, ${int(outcome("answered"))} AS a, ${int(outcome("rejected"))} AS b, ${int(outcome("cancelled"))} AS c,
    ${int(outcome("expired"))} AS d, ${int(`SUM(CASE WHEN q."resolvedBy" = 'rule:' THEN q."n" ELSE 0 END)`)} AS e,
    ${int(`SUM(CASE WHEN q."resolvedBy" <> 'rule:' AND q."waitSeconds" > 0 THEN CAST(q."n" AS BIGINT) * q."waitSeconds" ELSE 0 END)`)} AS waited
    FROM f q GROUP BY q."day")`;
  const x = `x AS (SELECT k1 AS day, MIN(CASE WHEN ${crossing(MEDIAN)} THEN w END) AS med, MIN(CASE WHEN ${crossing(P90)} THEN w END) AS p90
    FROM (${crossings("day", `q."day"`, WAITS, BY_PERSON)}) t GROUP BY k1)`;
  const f = dayFacts(w, days, edges);
  if (!versions || !Array.isArray(days)) return sql`WITH f AS ${f}, ${raw(o)}, ${raw(x)} SELECT o.day, o.a, o.b, o.c, o.d, o.e, o.waited, x.med, x.p90 FROM o LEFT JOIN x ON x.day = o.day`;
  const listed = sql`dd(day) AS (VALUES ${join(days.map((d) => sql`(${d})`))}), v AS (SELECT "day", "version" FROM "InsightDayVersion" WHERE "teamId" = ${w.teamId} AND "day" IN (${join(days)}))`;
  return sql`WITH f AS ${f}, ${raw(o)}, ${raw(x)}, ${listed}
    SELECT dd.day AS day, COALESCE(o.a, 0) AS a, COALESCE(o.b, 0) AS b, COALESCE(o.c, 0) AS c, COALESCE(o.d, 0) AS d, COALESCE(o.e, 0) AS e, COALESCE(o.waited, 0) AS waited,
      x.med, x.p90, COALESCE(v."version", 0) AS version
    FROM dd LEFT JOIN o ON o.day = dd.day LEFT JOIN x ON x.day = dd.day LEFT JOIN v ON v."day" = dd.day`;
}

/** The filter a cache row is for ("" = any). */
const scopeOf = (w: Where) => [w.agent ?? "", w.kind ?? "", w.actor ?? ""];

/** The cached figures of the closed days [from, to) still valid: their version is the day's. */
export function cachedDays(w: Where, r: DayRange): Sql {
  const [agent, kind, actor] = scopeOf(w);
  return sql`SELECT fig."day" AS day, fig."answered" AS a, fig."rejected" AS b, fig."cancelled" AS c, fig."expired" AS d, fig."decidedByRule" AS e, fig."waited" AS waited,
      fig."medianSeconds" AS med, fig."p90Seconds" AS p90
    FROM "InsightDayFigure" fig WHERE fig."teamId" = ${w.teamId} AND fig."agent" = ${agent} AND fig."kind" = ${kind} AND fig."actor" = ${actor}
      AND fig."day" >= ${dayOf(r.from)} AND fig."day" < ${dayOf(r.to)}
      AND fig."version" = COALESCE((SELECT v."version" FROM "InsightDayVersion" v WHERE v."teamId" = fig."teamId" AND v."day" = fig."day"), 0)`;
}

/** Stores closed days' figures; a row computed at an older version than the stored one is dropped. */
export function storeDays(w: Where, rows: DayRow[]): Sql {
  const [agent, kind, actor] = scopeOf(w);
  const n = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const values = rows.map((r) => sql`(${w.teamId}, ${agent}, ${kind}, ${actor}, ${r.day}, ${Number(r.version ?? 0)}, ${Number(r.a)}, ${Number(r.b)}, ${Number(r.c)}, ${Number(r.d)}, ${Number(r.e)}, ${n(r.waited)}, ${r.med === null ? null : Number(r.med)}, ${r.p90 === null ? null : Number(r.p90)})`);
  const set = ["version", "answered", "rejected", "cancelled", "expired", "decidedByRule", "waited", "medianSeconds", "p90Seconds"].map((c) => `"${c}" = excluded."${c}"`).join(", ");
  return sql`INSERT INTO "InsightDayFigure" ("teamId", "agent", "kind", "actor", "day", "version", "answered", "rejected", "cancelled", "expired", "decidedByRule", "waited", "medianSeconds", "p90Seconds")
    VALUES ${join(values)} ON CONFLICT ("teamId", "agent", "kind", "actor", "day") DO UPDATE SET ${raw(set)} WHERE excluded."version" >= "InsightDayFigure"."version"`;
}

/**
 * The period's per-agent, per-reviewer and overall figures and its recurring groups, in two
 * statements over the period's spans, leftover days and edges (periodFacts): the figures from one
 * grouping of those rows over agent, resolver, status and wait (`g`, a few hundred rows), then
 * windows over that; the recurring (fingerprint, digest) groups from the rows that have one.
 */
export function periodFigures(w: Where, p: ReadPlan, recurring: { min: number; max: number }): Sql[] {
  const g = `g AS MATERIALIZED (SELECT q."agentName" AS "agentName", q."resolvedBy" AS "resolvedBy", q."status" AS "status", q."waitSeconds" AS w, SUM(q."n") AS n
    FROM f q GROUP BY q."agentName", q."resolvedBy", q."status", q."waitSeconds" HAVING SUM(q."n") <> 0)`;
  const period = [
    `SELECT 'agent' AS fig, ${text(`q."agentName"`)} AS k1, ${text(`q."status"`)} AS k2, ${int(`SUM(q.n)`)} AS a, ${NO_INT} AS w, ${NO_INT} AS below, ${NO_INT} AS run, ${NO_INT} AS tot
      FROM g q GROUP BY q."agentName", q."status"`,
    crossings("all", "''", "g", BY_PERSON),
    crossings("byAgent", `q."agentName"`, "g", BY_PERSON),
    crossings("reviewer", `q."resolvedBy"`, "g", DECISION),
  ].join(" UNION ALL ");
  const rec = `SELECT 'recurring' AS fig, fp AS k1, digest AS k2, n AS a FROM (SELECT ${text(`q."fingerprint"`)} AS fp, ${text(`q."answerDigest"`)} AS digest, ${int(`SUM(q."n")`)} AS n
      FROM f q WHERE q."fingerprint" <> '' GROUP BY q."fingerprint", q."answerDigest" HAVING SUM(q."n") >= ${Math.trunc(recurring.min)} ORDER BY 3 DESC, 1, 2 LIMIT ${Math.trunc(recurring.max)}) r`;
  const f = periodFacts(w, p);
  return [sql`WITH f AS ${f}, ${raw(g)} ${raw(period)}`, sql`WITH f AS ${f} ${raw(rec)}`];
}

/** Pending now, whatever the period: how many, and when the oldest was created (ids are time-ordered), as ISO text. */
export function openNow(w: Where): Sql {
  const where = sql`r."teamId" = ${w.teamId} AND r."status" = 'pending'${w.agent ? sql` AND r."agentName" = ${w.agent}` : empty}${w.kind ? sql` AND r."kind" = ${w.kind}` : empty}`;
  const created = isPostgres() ? `to_char(r."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `r."createdAt"`;
  return sql`SELECT ${raw(int("COUNT(*)"))} AS n, (SELECT ${raw(created)} FROM "QuestionRequest" r WHERE ${where} ORDER BY r."id" LIMIT 1) AS oldest FROM "QuestionRequest" r WHERE ${where}`;
}

/**
 * A recurring group's latest answer by a person in the period, with its questions and response:
 * a few steps down the (teamId, fingerprint, answerDigest, resolvedAt) index. The filters are
 * written as expressions (`|| ''`) so that no index serves them: given an agent, SQLite's planner
 * otherwise took the (teamId, agentName, status) index and sorted every answer the agent ever had
 * (85 ms at 1,000,000 rows).
 */
export function latestAnswer(w: Where, fingerprint: string, answerDigest: string): Sql {
  const also = sql`${w.agent ? sql` AND r."agentName" || '' = ${w.agent}` : empty}${w.kind ? sql` AND COALESCE(r."kind", '') = ${w.kind}` : empty}${
    w.actor ? sql` AND r."resolvedBy" || '' = ${w.actor}` : empty
  }`;
  return sql`SELECT r."id" AS id, r."questions" AS questions, r."response" AS response FROM "QuestionRequest" r WHERE r."teamId" = ${w.teamId} AND r."fingerprint" = ${fingerprint} AND r."answerDigest" = ${answerDigest}
    AND r."status" = 'answered' AND r."resolvedAt" >= ${at(w.period.from)} AND r."resolvedAt" < ${at(w.period.to)} AND r."resolvedBy" NOT LIKE 'rule:%'${also}
    ORDER BY r."resolvedAt" DESC LIMIT 1`;
}

/** The wait at rank ⌈p·tot⌉ of one group, from its crossing rows; null when it has none. */
export function pickRanks(rows: FigureRow[]): { medianSeconds: number | null; p90Seconds: number | null; count: number } {
  const at = (rank: (tot: number) => number) => {
    const r = rows.find((x) => Number(x.below) < rank(Number(x.tot)) && Number(x.run) >= rank(Number(x.tot)));
    return r ? Number(r.w) : null;
  };
  return { medianSeconds: at((t) => Math.floor((t + 1) / 2)), p90Seconds: at((t) => Math.floor((9 * t + 9) / 10)), count: rows.length ? Number(rows[0]!.tot) : 0 };
}
