// The SQL pieces insights runs, per provider. Every figure is an aggregate over `facts(w)`: the
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

/** A rule's decision: the histogram keeps every rule as `rule:`, the requests their own id. */
export const RULE = raw(`CASE WHEN q."resolvedBy" = 'rule:' THEN 1 ELSE 0 END`);
/** Answered by a person: the waits time-to-answer is made of. */
export const BY_PERSON = raw(`q."status" = 'answered' AND q."resolvedBy" <> 'rule:'`);
/** A reviewer's decision: answered or rejected by someone, not by the system or a rule. */
export const DECISION = raw(`q."status" IN ('answered', 'rejected') AND q."resolvedBy" NOT IN ('system', 'rule:', '')`);

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

/** Median and 90th percentile of the waits per `group` among the facts matching `where`. */
export function percentiles(w: Where, group: Sql, where: Sql): Sql {
  // Integer division: (n + 1) / 2 = ⌈n/2⌉ and (9n + 9) / 10 = ⌈9n/10⌉, the ranks percentile_disc picks;
  // the answer is the smallest wait whose running count reaches the rank.
  return sql`SELECT g, MIN(CASE WHEN run >= (tot + 1) / 2 THEN w END) AS p50, MIN(CASE WHEN run >= (9 * tot + 9) / 10 THEN w END) AS p90, MAX(tot) AS n
    FROM (SELECT g, w, CAST(SUM(c) OVER (PARTITION BY g ORDER BY w) AS BIGINT) AS run, CAST(SUM(c) OVER (PARTITION BY g) AS BIGINT) AS tot
      FROM (SELECT ${group} AS g, q."waitSeconds" AS w, SUM(q."n") AS c FROM ${facts(w)} q WHERE ${where} AND q."waitSeconds" >= 0 GROUP BY ${group}, q."waitSeconds") h) t
    GROUP BY g`;
}
