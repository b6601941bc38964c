// Every write of a Delivery row (docs/decisions.md "One writer per row"), except the create's, which
// the fast insert (lib/db/fast-insert) writes: outbox rows committed with their event, claims,
// outcomes, pause and resume, redelivery, and the sweep of finished rows.
//
// Claiming due deliveries with a lease: one UPDATE over a sub-select of due rows (PostgreSQL: FOR
// UPDATE SKIP LOCKED), so two instances never take the same row.
// A lease outlives the send timeout; a crashed instance's claims come due again when it lapses.
// The worker names the destinations it will not send to now (busy here, or paused): their rows
// stay unclaimed for other instances and for later.
import type Database from "better-sqlite3";
import { db, pgPool, sqliteExclusive, type Db } from "../db/client";
import type { DeliveryInsert } from "../db/fast-insert/rows";
import type { Prisma } from "../db/generated/sqlite/client.ts";
import { isPostgres } from "../db/provider";
import type { PrismaPromise } from "../db/types";
import { newId } from "../ids";
import { notifyConfig } from "./config";

export type { DeliveryInsert } from "../db/fast-insert/rows";

export type DeliveryRow = Awaited<ReturnType<ReturnType<typeof db>["delivery"]["findMany"]>>[number];

/** `mail: false` leaves email deliveries to an instance that has SMTP_URL; `skip`: destinations left alone (paused callback destinations are left too). */
export async function claimDue(limit: number, opts: { mail: boolean; skip: string[] }): Promise<DeliveryRow[]> {
  const kinds = JSON.stringify(["webhook", "callback", "slack", "push", ...(opts.mail ? ["email"] : [])]);
  const now = new Date();
  const leaseId = newId("ls");
  const leaseUntil = new Date(now.getTime() + notifyConfig().leaseMs);
  const skip = JSON.stringify(opts.skip);
  // One statement, straight on the driver (Prisma's per-statement cost was most of the worker's
  // CPU in a burst): PostgreSQL's sub-select skips rows another instance has locked; SQLite runs
  // the statement under its write lock, so two processes never take the same row either.
  const claimed = isPostgres()
    ? (await pgPool().query<{ id: string }>(CLAIM_PG, [leaseId, leaseUntil.toISOString(), now.toISOString(), limit, kinds, skip])).rows
    : await sqliteExclusive((c) => sqliteStatement(c, CLAIM_SQLITE).all({ leaseId, leaseUntil: sqliteDate(leaseUntil), now: sqliteDate(now), kinds, skip, limit }) as { id: string }[]);
  if (!claimed.length) return [];
  // By primary key: leaseId has no index, and finished rows stay in the table for 30 days.
  return db().delivery.findMany({ where: { id: { in: claimed.map((r) => r.id) }, leaseId }, orderBy: { nextAttemptAt: "asc" } });
}

// timestamp(3) columns hold UTC; an ISO string cast to timestamp keeps that instant.
const CLAIM_PG = `UPDATE "Delivery" SET "leaseId" = $1, "leaseUntil" = $2::timestamp(3)
  WHERE "id" IN (
    SELECT "id" FROM "Delivery"
    WHERE "status" = 'pending' AND "nextAttemptAt" <= $3::timestamp(3) AND "kind" IN (SELECT json_array_elements_text($5::json))
      AND ("leaseUntil" IS NULL OR "leaseUntil" < $3::timestamp(3))
      AND ("destination" IS NULL OR ("destination" NOT IN (SELECT json_array_elements_text($6::json))
        AND "destination" NOT IN (SELECT "id" FROM "CallbackDestination" WHERE "pausedUntil" > $3::timestamp(3))))
    ORDER BY "nextAttemptAt" LIMIT $4
    FOR UPDATE SKIP LOCKED)
  RETURNING "id"`;
// SQLite holds DateTime as ISO text (sqliteDate), which compares in time order.
const CLAIM_SQLITE = `UPDATE "Delivery" SET "leaseId" = @leaseId, "leaseUntil" = @leaseUntil
  WHERE "id" IN (
    SELECT "id" FROM "Delivery"
    WHERE "status" = 'pending' AND "nextAttemptAt" <= @now AND "kind" IN (SELECT value FROM json_each(@kinds))
      AND ("leaseUntil" IS NULL OR "leaseUntil" < @now)
      AND ("destination" IS NULL OR ("destination" NOT IN (SELECT value FROM json_each(@skip))
        AND "destination" NOT IN (SELECT "id" FROM "CallbackDestination" WHERE "pausedUntil" > @now)))
    ORDER BY "nextAttemptAt" LIMIT @limit)
  RETURNING "id"`;

/**
 * A delivery the receiver took: recorded (only while `d`'s lease is ours) and, for a webhook, its
 * failure streak reset when it had one — one round trip, as it is the outcome of nearly every send.
 */
export async function settleSent(d: Pick<DeliveryRow, "id" | "leaseId" | "webhookId">, at: Date, status: number | null, excerpt: string | null): Promise<void> {
  if (isPostgres()) {
    await pgPool().query(SENT_PG, [d.id, d.leaseId, at.toISOString(), status, excerpt, d.webhookId]);
    return;
  }
  await sqliteExclusive((c) =>
    c.transaction(() => {
      const { changes } = sqliteStatement(c, SENT_SQLITE).run({ id: d.id, leaseId: d.leaseId, at: sqliteDate(at), status, excerpt });
      if (changes && d.webhookId) sqliteStatement(c, STREAK_RESET_SQLITE).run(d.webhookId);
    })(),
  );
}

const SENT_SET = `"status" = 'sent', "attempts" = "attempts" + 1, "leaseId" = NULL, "leaseUntil" = NULL, "lastError" = NULL`;
const SENT_PG = `WITH s AS (
    UPDATE "Delivery" SET ${SENT_SET}, "sentAt" = $3::timestamp(3), "responseCode" = $4, "responseExcerpt" = $5
    WHERE "id" = $1 AND "leaseId" = $2 RETURNING "id")
  UPDATE "Webhook" SET "failureStreak" = 0 WHERE "id" = $6 AND "failureStreak" > 0 AND EXISTS (SELECT 1 FROM s)`;
const SENT_SQLITE = `UPDATE "Delivery" SET ${SENT_SET}, "sentAt" = @at, "responseCode" = @status, "responseExcerpt" = @excerpt WHERE "id" = @id AND "leaseId" = @leaseId`;
const STREAK_RESET_SQLITE = `UPDATE "Webhook" SET "failureStreak" = 0 WHERE "id" = ? AND "failureStreak" > 0`;

// How @prisma/adapter-better-sqlite3 stores a DateTime (its default "iso8601" format).
const sqliteDate = (d: Date) => d.toISOString().replace("Z", "+00:00");
const prepared = new WeakMap<Database.Database, Map<string, Database.Statement>>();

function sqliteStatement(c: Database.Database, sql: string): Database.Statement {
  let cache = prepared.get(c);
  if (!cache) prepared.set(c, (cache = new Map()));
  let stmt = cache.get(sql);
  if (!stmt) cache.set(sql, (stmt = c.prepare(sql)));
  return stmt;
}

/** Hands claimed rows back unsent (their destination is busy here): claimable again at once. */
export async function unclaim(rows: DeliveryRow[]): Promise<void> {
  if (!rows.length) return;
  await db().delivery.updateMany({ where: { id: { in: rows.map((r) => r.id) }, leaseId: rows[0]!.leaseId }, data: { leaseId: null, leaseUntil: null } });
}

/** Drops sent, failed and skipped deliveries older than `before` (pending and paused stay). */
export async function sweepFinished(before: Date): Promise<number> {
  try {
    const { count } = await db().delivery.deleteMany({ where: { status: { in: ["sent", "failed", "skipped"] }, createdAt: { lt: before } } });
    return count;
  } catch {
    return 0; // the next sweep tries again
  }
}

/** Outbox rows, as a write of the transaction that commits their event (none: no write). */
export function deliveriesWrite(client: Db, rows: DeliveryInsert[]): PrismaPromise<unknown>[] {
  return rows.length ? [client.delivery.createMany({ data: rows })] : [];
}

/** A webhook's test delivery, on its own (no event, no request). */
export function createDelivery(row: DeliveryInsert): Promise<DeliveryRow> {
  return db().delivery.create({ data: row });
}

/** Records an attempt's outcome and releases the lease, only while `d`'s lease is still ours. */
export async function settle(d: Pick<DeliveryRow, "id" | "leaseId">, data: Prisma.DeliveryUpdateManyMutationInput): Promise<void> {
  await db().delivery.updateMany({ where: { id: d.id, leaseId: d.leaseId }, data: { leaseId: null, leaseUntil: null, ...data } });
}

/** Sends a delivery again (same id and body) from now on; 0 while it is being sent (leased) or unknown. */
export async function requeue(id: string, webhookId: string, status: "pending" | "paused", now: Date, deadlineAt: Date): Promise<number> {
  const { count } = await db().delivery.updateMany({ where: { id, webhookId, leaseId: null }, data: { status, nextAttemptAt: now, deadlineAt } });
  return count;
}

/** Parks a webhook's pending deliveries (not its tests), in the caller's transaction. */
export function pauseDeliveries(client: Db, webhookId: string): PrismaPromise<Prisma.BatchPayload> {
  return client.delivery.updateMany({ where: { webhookId, status: "pending", type: { not: "webhook.test" } }, data: { status: "paused" } });
}

/** Re-queues a webhook's parked deliveries from `now` with a fresh deadline, in the caller's transaction. */
export function resumeDeliveries(client: Db, webhookId: string, now: Date, deadlineAt: Date): PrismaPromise<Prisma.BatchPayload> {
  return client.delivery.updateMany({ where: { webhookId, status: "paused" }, data: { status: "pending", nextAttemptAt: now, deadlineAt } });
}
