// A decision's writes (the conditional update of a pending request, its event, outbox rows and
// audit entry) without Prisma: the reply is where a waiting agent's answer latency starts, and
// through Prisma its five statements cost most of the reply's CPU (docs/decisions.md "Answer
// latency"). Same rows as changeRequest's Prisma batch (tests/unit/fast-insert.suite.ts compares).
import { sqliteExclusive } from "../client";
import { commitNotifications, EVENT_LOCK, EVENTS_CHANNEL, INSTANCE_ID, isPostgres } from "../provider";
import { eventNotice, LIVE_FIELD, type NoticeHalves } from "../../events/notice";
import { markTokenLive } from "../../events/token-live";
import { auditInsertSql, sqliteDate } from "../../audit/append";
import type { PreparedEntry } from "../../audit/entry";
import type { EventRow } from "../types";
import { DELIVERY, EVENT, jsonRows, quoted, values, type DeliveryInsert, type EventInsert } from "./rows";
import { statement } from "./sqlite";
import { PreparedQuery, type Bind } from "./pg-prepared";

type Value = string | number | Date | null;

export type FastChange = {
  id: string;
  /** the version read: the change is made only while the request is pending at it */
  version: number;
  /** expiry: only when expiresAt ≤ this (a clock race between instances) */
  expiredBy?: Date;
  /** only while not escalated (a change that keeps the version: lib/questions/created-rows.ts) */
  notEscalated?: boolean;
  /** the columns set, by name */
  data: Record<string, Value>;
  event: EventInsert;
  deliveries: DeliveryInsert[];
  audit: PreparedEntry;
};

/** Commits the change; its event row, or null when the request was no longer pending at that version (nothing written). */
export function changeFast(c: FastChange): Promise<EventRow | null> {
  return isPostgres() ? changePg(c) : changeSqlite(c);
}

const columns = (c: FastChange) => Object.keys(c.data).filter((k) => c.data[k] !== undefined);

/**
 * `bind` is called in the order the values appear in the statement (placeholders). The row is
 * marked for its insight counters to be updated after the commit (lib/insights/pending.ts): the
 * histogram's triggers skip a marked row, and their upserts leave the decision's transaction.
 */
function updateSql(c: FastChange, bind: (v: Value) => string): string {
  const set = [...columns(c).map((k) => `"${k}" = ${bind(c.data[k]!)}`), `"insightPending" = true`].join(", ");
  const where = `"id" = ${bind(c.id)} AND "status" = 'pending' AND "version" = ${bind(c.version)}`;
  const expired = c.expiredBy ? ` AND "expiresAt" <= ${bind(c.expiredBy)}` : "";
  const escalated = c.notEscalated ? ` AND "escalatedAt" IS NULL` : "";
  return `UPDATE "QuestionRequest" SET ${set} WHERE ${where}${expired}${escalated}`;
}

async function changeSqlite(c: FastChange): Promise<EventRow | null> {
  const written = await sqliteExclusive((connection) => {
    const params: Value[] = [];
    const bind = (v: Value) => {
      params.push(v instanceof Date ? sqliteDate(v) : v);
      return "?";
    };
    const update = updateSql(c, bind);
    const auditParams: Value[] = [];
    const audit = auditInsertSql(false, c.audit, (v) => {
      auditParams.push(v);
      return "?";
    });
    return connection.transaction((): { eventId: number; live: boolean } | null => {
      if (statement(connection, update).run(params).changes === 0) return null;
      const eventId = Number(statement(connection, insertSql(EVENT)).run(values(EVENT, c.event, sqliteDate)).lastInsertRowid);
      for (const d of c.deliveries) statement(connection, insertSql(DELIVERY)).run(values(DELIVERY, d, sqliteDate));
      statement(connection, audit).run(auditParams);
      const live = c.event.tokenId !== null && statement(connection, TOKEN_LIVE).get(c.event.tokenId) !== undefined;
      return { eventId, live };
    }).immediate();
  });
  return written && eventRow(written.eventId, written.live, c);
}

/** The request's token, unless revoked: read inside the change's transaction (lib/events/token-live.ts). */
const TOKEN_LIVE = `SELECT 1 FROM "ApiToken" WHERE "id" = ? AND "revokedAt" IS NULL`;

function eventRow(id: number, tokenLive: boolean, c: FastChange): EventRow {
  const row = { id, ...c.event };
  if (tokenLive) markTokenLive(row);
  return row;
}

const insertSql = (table: typeof EVENT) => `INSERT INTO "${table.name}" (${quoted(table.columns)}) VALUES (${table.columns.map(() => "?").join(", ")})`;

const rowsOf = (table: typeof EVENT, rows: object[], bind: Bind) => `SELECT ${quoted(table.columns)} FROM json_populate_recordset(NULL::"${table.name}", ${bind(jsonRows(table, rows))}::json)`;
// Division by zero when the update changed no row: the query's one implicit transaction rolls back.
const LOST_RACE = "22012";

/**
 * The event's insert. When the row fits in a notification, the notification carries it (the other
 * instances then need not read it back): its id is the one just inserted.
 */
function eventInsertPg(event: EventInsert, notice: NoticeHalves | null, bind: Bind): string {
  const insert = `INSERT INTO "${EVENT.name}" (${quoted(EVENT.columns)}) ${rowsOf(EVENT, [event], bind)} RETURNING "id"`;
  // After the event lock, which a revoke takes too: the token is read in order with any revoke.
  const live = event.tokenId === null ? "false" : `EXISTS (SELECT 1 FROM "ApiToken" WHERE "id" = ${bind(event.tokenId)} AND "revokedAt" IS NULL)`;
  const t = `t AS (SELECT ${live} AS "live")`;
  if (!notice) return `WITH e AS (${insert}), ${t} SELECT e."id", t."live" FROM e, t`;
  const payload = `${bind(notice.before)} || e."id" || CASE WHEN t."live" THEN '${LIVE_FIELD}' ELSE '' END || ${bind(notice.after)}`;
  return `WITH e AS (${insert}), ${t} SELECT e."id", t."live", pg_notify('${EVENTS_CHANNEL}', ${payload}) FROM e, t`;
}

/** One round trip: one simple-protocol query of several (prepared) statements is one transaction. */
async function changePg(c: FastChange): Promise<EventRow | null> {
  const notice = eventNotice(INSTANCE_ID, c.event);
  const query = new PreparedQuery()
    .plain(`SELECT pg_advisory_xact_lock(${EVENT_LOCK})`)
    .prepared((bind) => `WITH u AS (${updateSql(c, bind)} RETURNING 1) SELECT 1 / (SELECT count(*) FROM u)::int`)
    .prepared((bind) => eventInsertPg(c.event, notice, bind));
  if (c.deliveries.length) query.prepared((bind) => `INSERT INTO "${DELIVERY.name}" (${quoted(DELIVERY.columns)}) ${rowsOf(DELIVERY, c.deliveries, bind)}`);
  query.prepared((bind) => auditInsertSql(true, c.audit, bind)).plain(commitNotifications(c.deliveries.length > 0, notice === null));
  try {
    const row = (await query.run())[2]!.rows[0] as { id: number; live: boolean };
    return eventRow(Number(row.id), row.live === true, c);
  } catch (e) {
    if ((e as { code?: string }).code === LOST_RACE) return null;
    throw e;
  }
}
