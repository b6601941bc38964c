// The SQL insights runs, per provider. Every figure is an aggregate over `facts(w)`: the
// period's decisions as weighted rows (n requests each) — whole UTC days from the InsightDay
// histogram the database keeps by trigger (prisma/*/migrations/20261205020000_insight_day), the
// partial days at a period's edges from the requests themselves (n = 1). Percentiles are exact
// nearest-rank values (rank ⌈p·n⌉) found by a running count over the distinct waits.
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
 * Median and 90th percentile of the waits per `group` among the facts matching `where`, as a
 * figures row. Integer division: (n + 1) / 2 = ⌈n/2⌉ and (9n + 9) / 10 = ⌈9n/10⌉, the ranks
 * percentile_disc picks; the answer is the smallest wait whose running count reaches the rank.
 */
function percentiles(figure: string, group: string, where: string): string {
  return `SELECT '${figure}' AS fig, ${text("g")} AS k1, ${NO_TEXT} AS k2, ${int("MIN(CASE WHEN run >= (tot + 1) / 2 THEN w END)")} AS a,
    ${int("MIN(CASE WHEN run >= (9 * tot + 9) / 10 THEN w END)")} AS b, ${int("MAX(tot)")} AS c
    FROM (SELECT g, w, CAST(SUM(c) OVER (PARTITION BY g ORDER BY w) AS BIGINT) AS run, CAST(SUM(c) OVER (PARTITION BY g) AS BIGINT) AS tot
      FROM (SELECT ${group} AS g, q."waitSeconds" AS w, SUM(q."n") AS c FROM f q WHERE ${where} AND q."waitSeconds" >= 0 GROUP BY ${group}, q."waitSeconds") h) t
    GROUP BY g`;
}

export type Figure = "outcome" | "agent" | "day" | "all" | "byAgent" | "reviewer" | "recurring";
/** One row of `figures()`: which figure, its keys, and up to three numbers. */
export type FigureRow = { fig: Figure; k1: string | null; k2: string | null; a: unknown; b: unknown; c: unknown };

/**
 * Every figure over the period's facts, one statement each (SQLite runs them one after the other on
 * its one connection, PostgreSQL side by side on the pool; one statement with the facts as a shared
 * CTE cost SQLite half as much again): outcome per day (k1 day, k2 outcome, a count, b seconds
 * waited), requests per agent and status, the percentiles per day, overall, per agent and per
 * reviewer (a p50, b p90, c count), and the recurring (fingerprint, digest) groups (a count).
 */
export function figures(w: Where, recurring: { min: number; max: number }): Sql[] {
  const outcome = `CASE WHEN q."resolvedBy" = 'rule:' THEN 'decidedByRule' ELSE q."status" END`;
  const waited = `SUM(CASE WHEN q."waitSeconds" > 0 THEN CAST(q."n" AS BIGINT) * q."waitSeconds" ELSE 0 END)`;
  const parts = [
    `SELECT 'outcome' AS fig, ${text(`q."day"`)} AS k1, ${text(outcome)} AS k2, ${int(`SUM(q."n")`)} AS a, ${int(waited)} AS b, ${NO_INT} AS c FROM f q GROUP BY q."day", ${outcome}`,
    `SELECT 'agent' AS fig, ${text(`q."agentName"`)} AS k1, ${text(`q."status"`)} AS k2, ${int(`SUM(q."n")`)} AS a, ${NO_INT} AS b, ${NO_INT} AS c FROM f q GROUP BY q."agentName", q."status"`,
    percentiles("day", `q."day"`, BY_PERSON),
    percentiles("all", `q."teamId"`, BY_PERSON),
    percentiles("byAgent", `q."agentName"`, BY_PERSON),
    percentiles("reviewer", `q."resolvedBy"`, DECISION),
    `SELECT 'recurring' AS fig, fp AS k1, digest AS k2, n AS a, ${NO_INT} AS b, ${NO_INT} AS c FROM (SELECT ${text(`q."fingerprint"`)} AS fp, ${text(`q."answerDigest"`)} AS digest, ${int(`SUM(q."n")`)} AS n
      FROM f q WHERE q."fingerprint" <> '' GROUP BY q."fingerprint", q."answerDigest" HAVING SUM(q."n") >= ${Math.trunc(recurring.min)} ORDER BY 3 DESC, 1, 2 LIMIT ${Math.trunc(recurring.max)}) r`,
  ];
  return parts.map((part) => sql`WITH f AS ${facts(w)} ${raw(part)}`);
}
