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
function fromRequests(w: Where, from: Date, to: Date): Sql {
  return sql`SELECT ${keyOf()} FROM "QuestionRequest" r WHERE r."teamId" = ${w.teamId} AND r."resolvedAt" >= ${at(from)} AND r."resolvedAt" < ${at(to)}
    AND r."status" <> 'pending'${filters(w, `r."resolvedBy"`)}`;
}

/** The histogram's rows of the whole days [fromDay, toDay). */
function fromDays(w: Where, fromDay: string, toDay: string): Sql {
  return sql`SELECT ${COLUMNS} FROM "InsightDay" r WHERE r."teamId" = ${w.teamId} AND r."day" >= ${fromDay} AND r."day" < ${toDay}${filters(w, `r."resolvedBy"`)}`;
}

const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

/** The period's decisions, narrowed by the filters, as a subquery of weighted rows. */
export function facts(w: Where): Sql {
  const { from, to } = w.period;
  const firstDay = Math.ceil(from.getTime() / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(to.getTime() / DAY_MS) * DAY_MS;
  if (firstDay >= lastDay) return sql`(${fromRequests(w, from, to)})`;
  const parts = [fromDays(w, dayOf(firstDay), dayOf(lastDay))];
  if (from.getTime() < firstDay) parts.push(fromRequests(w, from, new Date(firstDay)));
  if (lastDay < to.getTime()) parts.push(fromRequests(w, new Date(lastDay), to));
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

/** The histogram's columns under the short names crossings() reads. */
const WAITS = `(SELECT r."day", r."resolvedBy", r."status", r."waitSeconds" AS w, r."n" AS n FROM f r)`;

export type Figure = "outcome" | "agent" | "day" | "all" | "byAgent" | "reviewer" | "recurring";
/**
 * One row of `figures()`: which figure and its keys; counts (outcome: a answered, b rejected,
 * c cancelled, d expired, e by a rule, waited seconds; agent: a requests of status k2; recurring:
 * a count) or a percentile crossing (w, below, run, tot; see crossings()).
 */
export type FigureRow = {
  fig: Figure; k1: string | null; k2: string | null;
  a?: unknown; b?: unknown; c?: unknown; d?: unknown; e?: unknown; waited?: unknown;
  w?: unknown; below?: unknown; run?: unknown; tot?: unknown;
};

/**
 * Every figure over the period's facts in four statements, each reading the histogram once and
 * returning a few rows (docs/decisions.md, "Insights at 1,000,000 rows: one pass per figure group"):
 * outcomes per day and the per-day percentile crossings walk the histogram in its (team, day,
 * wait) index order, so neither sorts on SQLite; the per-agent, per-reviewer and overall figures
 * come from the period's histogram summed over its days (`g`, a few hundred rows); the recurring
 * (fingerprint, digest) groups from the rows that have one.
 */
export function figures(w: Where, recurring: { min: number; max: number }): Sql[] {
  const outcome = (status: string) => `SUM(CASE WHEN q."resolvedBy" <> 'rule:' AND q."status" = '${status}' THEN q."n" ELSE 0 END)`;
  const days = `SELECT 'outcome' AS fig, ${text(`q."day"`)} AS k1, ${NO_TEXT} AS k2, ${int(outcome("answered"))} AS a, ${int(outcome("rejected"))} AS b,
    ${int(outcome("cancelled"))} AS c, ${int(outcome("expired"))} AS d, ${int(`SUM(CASE WHEN q."resolvedBy" = 'rule:' THEN q."n" ELSE 0 END)`)} AS e,
    ${int(`SUM(CASE WHEN q."resolvedBy" <> 'rule:' AND q."waitSeconds" > 0 THEN CAST(q."n" AS BIGINT) * q."waitSeconds" ELSE 0 END)`)} AS waited
    FROM f q GROUP BY q."day"`;
  const perDay = crossings("day", `q."day"`, WAITS, BY_PERSON);
  const g = `g AS MATERIALIZED (SELECT q."agentName" AS "agentName", q."resolvedBy" AS "resolvedBy", q."status" AS "status", q."waitSeconds" AS w, SUM(q."n") AS n
    FROM f q GROUP BY q."agentName", q."resolvedBy", q."status", q."waitSeconds")`;
  const period = [
    `SELECT 'agent' AS fig, ${text(`q."agentName"`)} AS k1, ${text(`q."status"`)} AS k2, ${int(`SUM(q.n)`)} AS a, ${NO_INT} AS w, ${NO_INT} AS below, ${NO_INT} AS run, ${NO_INT} AS tot
      FROM g q GROUP BY q."agentName", q."status"`,
    crossings("all", "''", "g", BY_PERSON),
    crossings("byAgent", `q."agentName"`, "g", BY_PERSON),
    crossings("reviewer", `q."resolvedBy"`, "g", DECISION),
  ].join(" UNION ALL ");
  const rec = `SELECT 'recurring' AS fig, fp AS k1, digest AS k2, n AS a FROM (SELECT ${text(`q."fingerprint"`)} AS fp, ${text(`q."answerDigest"`)} AS digest, ${int(`SUM(q."n")`)} AS n
      FROM f q WHERE q."fingerprint" <> '' GROUP BY q."fingerprint", q."answerDigest" HAVING SUM(q."n") >= ${Math.trunc(recurring.min)} ORDER BY 3 DESC, 1, 2 LIMIT ${Math.trunc(recurring.max)}) r`;
  const f = facts(w);
  return [sql`WITH f AS ${f} ${raw(days)}`, sql`WITH f AS ${f} ${raw(perDay)}`, sql`WITH f AS ${f}, ${raw(g)} ${raw(period)}`, sql`WITH f AS ${f} ${raw(rec)}`];
}

/** Pending now, whatever the period: how many, and when the oldest was created (ids are time-ordered), as ISO text. */
export function openNow(w: Where): Sql {
  const where = sql`r."teamId" = ${w.teamId} AND r."status" = 'pending'${w.agent ? sql` AND r."agentName" = ${w.agent}` : empty}${w.kind ? sql` AND r."kind" = ${w.kind}` : empty}`;
  const created = isPostgres() ? `to_char(r."createdAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : `r."createdAt"`;
  return sql`SELECT ${raw(int("COUNT(*)"))} AS n, (SELECT ${raw(created)} FROM "QuestionRequest" r WHERE ${where} ORDER BY r."id" LIMIT 1) AS oldest FROM "QuestionRequest" r WHERE ${where}`;
}

/**
 * A recurring group's latest answer by a person in the period: a few steps down the (teamId,
 * fingerprint, answerDigest, resolvedAt) index. The filters are written as expressions (`|| ''`) so
 * that no index serves them: given an agent, SQLite's planner otherwise took the (teamId,
 * agentName, status) index and sorted every answer the agent ever had (85 ms at 1,000,000 rows).
 */
export function latestAnswer(w: Where, fingerprint: string, answerDigest: string): Sql {
  const also = sql`${w.agent ? sql` AND r."agentName" || '' = ${w.agent}` : empty}${w.kind ? sql` AND COALESCE(r."kind", '') = ${w.kind}` : empty}${
    w.actor ? sql` AND r."resolvedBy" || '' = ${w.actor}` : empty
  }`;
  return sql`SELECT r."id" AS id FROM "QuestionRequest" r WHERE r."teamId" = ${w.teamId} AND r."fingerprint" = ${fingerprint} AND r."answerDigest" = ${answerDigest}
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
