// Every write of a QuestionRequest row (docs/decisions.md "One writer per row"): the create (with
// its event, outbox rows and idempotency record, by the fast insert), the conditional change of a
// pending request with its event, presence changes, the agent-seen refresh, and clearing the insight
// marks of decisions (lib/insights/pending.ts). A change users see commits with its event in one
// transaction, after the event lock; a lost race writes nothing.
import { db, pgPool, sqliteExclusive } from "../db/client";
import { changeFast, insertCreate, type CreateWrite, type FastChange } from "../db/fast-insert";
import { REQUEST, type RequestInsert } from "../db/fast-insert/rows";
import { statement } from "../db/fast-insert/sqlite";
import type { Prisma } from "../db/generated/sqlite/client.ts";
import { commitNotifications, EVENT_LOCK, eventWriteGuards, isPostgres } from "../db/provider";
import type { EventRow, PrismaPromise, RequestRow } from "../db/types";
import { eventsWritten, eventWrite, type EventInsert } from "../events/event-writes";
import { hub } from "../events/hub";
import { deliveriesWrite, type DeliveryInsert } from "../notify/delivery-writes";
import { deliveriesWritten } from "../notify/wake";
import { rememberCreated } from "./created-rows";

export type { CreateWrite } from "../db/fast-insert";

/** Commits a new request with its event (and the rest of `w`) in one transaction; a unique violation is P2002. */
export async function insertRequest(w: CreateWrite): Promise<EventRow> {
  const event = await insertCreate(w);
  rememberCreated(createdRow(w.request));
  committed([event], w.deliveries.length);
  return event;
}

export type RequestChange = {
  /** the row and the conditions that make the change (still pending, the version read, …) */
  where: Prisma.QuestionRequestWhereUniqueInput;
  data: Prisma.QuestionRequestUpdateInput;
  event: EventInsert;
  /** other rows of the change (secret answers), written after the event */
  writes?: PrismaPromise<unknown>[];
  /** the outbox rows the event needs */
  deliveries?: DeliveryInsert[];
  /** the change's audit entry, written last */
  audit: PrismaPromise<unknown>;
};

/** The row the database holds after this insert: every column, the schema's defaults filled in. */
export function createdRow(insert: RequestInsert): RequestRow {
  const r = insert as unknown as Record<string, unknown>;
  return Object.fromEntries(REQUEST.columns.map((c) => [c, r[c] ?? REQUEST.defaults[c] ?? null])) as unknown as RequestRow;
}

/**
 * One conditional change of a request with its event, outbox rows and audit entry, in one batch
 * transaction. When the conditions no longer hold (a lost race) Prisma's not-found is thrown
 * (isNotFound) and nothing is written.
 */
export async function changeRequest(c: RequestChange): Promise<EventRow> {
  const client = db();
  const deliveries = c.deliveries ?? [];
  const guards = eventWriteGuards(client, { deliveries: deliveries.length > 0 });
  const results = await client.$transaction([
    ...guards.before,
    client.questionRequest.update({ where: c.where, data: c.data }),
    eventWrite(client, c.event),
    ...(c.writes ?? []),
    ...deliveriesWrite(client, deliveries),
    c.audit,
    ...guards.after,
  ]);
  const event = results[guards.before.length + 1] as EventRow;
  committed([event], deliveries.length);
  return event;
}

/**
 * changeRequest's writes without Prisma (a change with no extra rows: the common reply, reject,
 * cancel, expiry); the event row, or null when the request was no longer pending at that version.
 * It marks the row for its insight counters to follow in a second transaction (lib/insights/pending.ts).
 */
export async function changeRequestFast(c: FastChange): Promise<EventRow | null> {
  const event = await changeFast(c);
  if (event) committed([event], c.deliveries.length);
  return event;
}

/**
 * Applies `data` to every row matching `where` among `ids`, with an event for each row changed
 * (`eventOf` the row as changed), in one transaction; returns how many changed. The update checks
 * `where` row by row, so a row another instance changed first is left out and gets no event.
 */
export async function changeRequests(opts: { where: Prisma.QuestionRequestWhereInput; ids: string[]; data: Prisma.QuestionRequestUpdateManyMutationInput; eventOf: (row: RequestRow) => EventInsert }): Promise<number> {
  const pg = isPostgres();
  const events = await db().$transaction(
    async (tx) => {
      // As every event-writing transaction (lib/db/provider.ts): commits in id order, then NOTIFY.
      if (pg) await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${EVENT_LOCK})`);
      const rows = await tx.questionRequest.updateManyAndReturn({ where: { AND: [opts.where, { id: { in: opts.ids } }] }, data: opts.data });
      if (rows.length === 0) return [];
      const written = await eventsWritten(tx, rows.map(opts.eventOf));
      if (pg) await tx.$executeRawUnsafe(commitNotifications(false));
      return written;
    },
    // Prisma's 5 s default is tight for a busy SQLite queue; the work itself is two statements.
    { maxWait: 15_000, timeout: 30_000 },
  );
  committed(events.sort((a, b) => a.id - b.id), 0);
  return events.length;
}

const MARKED = `"insightPending"`;
const CLEAR_BATCH = 500;

/** Whether any decision's insight counters are still to come (one probe of the partial index of marked rows). */
export async function anyInsightMarked(): Promise<boolean> {
  const sql = `SELECT 1 AS one FROM "QuestionRequest" WHERE ${MARKED} LIMIT 1`;
  if (isPostgres()) return ((await pgPool().query(sql)).rowCount ?? 0) > 0;
  return sqliteExclusive((c) => statement(c, sql).get() !== undefined);
}

/**
 * Clears the insight marks of `ids`, or of up to CLEAR_BATCH marked rows: the histogram's triggers
 * then count them (lib/insights/pending.ts). Only marked rows change, so a row is counted once
 * however many clear it. How many rows changed.
 */
export async function clearInsightMarks(ids: string[] | null): Promise<number> {
  const chunks = ids ? Array.from({ length: Math.ceil(ids.length / CLEAR_BATCH) }, (_, i) => ids.slice(i * CLEAR_BATCH, (i + 1) * CLEAR_BATCH)) : [null];
  let changed = 0;
  for (const chunk of chunks) {
    if (isPostgres()) {
      // In id order, so two instances clearing the same rows wait for each other instead of deadlocking.
      const which = chunk ? `"id" = ANY($1::text[])` : "true";
      const sql = `UPDATE "QuestionRequest" SET ${MARKED} = false WHERE "id" IN (SELECT "id" FROM "QuestionRequest" WHERE ${MARKED} AND ${which} ORDER BY "id" LIMIT ${CLEAR_BATCH} FOR UPDATE) AND ${MARKED}`;
      changed += (await pgPool().query(sql, chunk ? [chunk] : [])).rowCount ?? 0;
    } else {
      // The ids as one JSON parameter: one cached statement whatever the batch's size.
      const which = chunk ? `"id" IN (SELECT "value" FROM json_each(?))` : `"id" IN (SELECT "id" FROM "QuestionRequest" WHERE ${MARKED} LIMIT ${CLEAR_BATCH})`;
      const sql = `UPDATE "QuestionRequest" SET ${MARKED} = false WHERE ${MARKED} AND ${which}`;
      changed += await sqliteExclusive((c) => statement(c, sql).run(...(chunk ? [JSON.stringify(chunk)] : [])).changes);
    }
  }
  return changed;
}

/** An agent was seen waiting on (or reading) the requests matching `where`: no event, nothing users see changes. */
export async function markAgentSeen(where: Prisma.QuestionRequestWhereInput, at: Date): Promise<void> {
  await db().questionRequest.updateMany({ where, data: { agentSeenAt: at } });
}

/** After a commit: the hub delivers the events, the delivery worker looks for the new outbox rows. */
function committed(events: EventRow[], deliveries: number): void {
  hub.committed(events);
  deliveriesWritten(deliveries);
}
