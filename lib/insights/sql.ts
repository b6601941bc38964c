// The SQL pieces insights runs, per provider. Every figure is an aggregate over one team's
// decisions in a period, read through the (teamId, resolvedAt, status, agentName, kind, resolvedBy,
// waitSeconds) index; percentiles are exact nearest-rank values (rank ⌈p·n⌉), computed by the
// database: percentile_disc on PostgreSQL, ROW_NUMBER over the sorted waits on SQLite.
import { empty, raw, sqltag as sql, type Sql } from "@prisma/client/runtime/client";
import { isPostgres } from "../db/provider";
import type { Period } from "./query";

export type Where = { teamId: string; period: Period; agent?: string; kind?: string; actor?: string };

/** A timestamp parameter compared with a stored DateTime (ISO text on SQLite). */
function at(d: Date): Sql {
  return isPostgres() ? sql`CAST(${d.toISOString()} AS timestamp)` : sql`${d.toISOString().replace("Z", "+00:00")}`;
}

export const DAY = () => raw(isPostgres() ? `to_char(q."resolvedAt", 'YYYY-MM-DD')` : `substr(q."resolvedAt", 1, 10)`);
export const RULE = raw(`CASE WHEN q."resolvedBy" LIKE 'rule:%' THEN 1 ELSE 0 END`);
/** Answered by a person: the waits time-to-answer is made of. */
export const BY_PERSON = raw(`q."status" = 'answered' AND q."resolvedBy" NOT LIKE 'rule:%'`);
/** A reviewer's decision: answered or rejected by someone, not by the system or a rule. */
export const DECISION = raw(`q."status" IN ('answered', 'rejected') AND q."resolvedBy" <> 'system' AND q."resolvedBy" NOT LIKE 'rule:%'`);

/** The period's decisions of the team (a reviewer's own, with `actor`), narrowed by the filters. */
export function decided(w: Where): Sql {
  return sql`q."teamId" = ${w.teamId} AND q."resolvedAt" >= ${at(w.period.from)} AND q."resolvedAt" < ${at(w.period.to)}${
    w.agent ? sql` AND q."agentName" = ${w.agent}` : empty
  }${w.kind ? sql` AND q."kind" = ${w.kind}` : empty}${w.actor ? sql` AND q."resolvedBy" = ${w.actor}` : empty}`;
}

/** Median and 90th percentile of waitSeconds per `group` among the rows matching `where`. */
export function percentiles(group: Sql, where: Sql): Sql {
  const rows = sql`FROM "QuestionRequest" q WHERE ${where} AND q."waitSeconds" IS NOT NULL`;
  if (isPostgres()) {
    return sql`SELECT ${group} AS g, percentile_disc(0.5) WITHIN GROUP (ORDER BY q."waitSeconds") AS p50,
      percentile_disc(0.9) WITHIN GROUP (ORDER BY q."waitSeconds") AS p90, COUNT(*) AS n ${rows} GROUP BY 1`;
  }
  // Integer division: (n + 1) / 2 = ⌈n/2⌉ and (9n + 9) / 10 = ⌈9n/10⌉, the ranks percentile_disc picks.
  return sql`SELECT g, MAX(CASE WHEN rn = (n + 1) / 2 THEN w END) AS p50, MAX(CASE WHEN rn = (9 * n + 9) / 10 THEN w END) AS p90, MAX(n) AS n
    FROM (SELECT ${group} AS g, q."waitSeconds" AS w, ROW_NUMBER() OVER (PARTITION BY ${group} ORDER BY q."waitSeconds") AS rn,
      COUNT(*) OVER (PARTITION BY ${group}) AS n ${rows}) t GROUP BY g`;
}
