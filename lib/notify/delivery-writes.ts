// Every write of a Delivery row (docs/decisions.md "One writer per row"), except the create's, which
// the fast insert (lib/db/fast-insert) writes: outbox rows committed with their event, claims,
// outcomes, pause and resume, redelivery, and the sweep of finished rows.
//
// Claiming due deliveries with a lease. PostgreSQL: one UPDATE over a FOR UPDATE SKIP LOCKED
// sub-select, so two instances never take the same row; SQLite: a conditional update per row.
// A lease outlives the send timeout; a crashed instance's claims come due again when it lapses.
// The worker names the destinations it will not send to now (busy here, or paused): their rows
// stay unclaimed for other instances and for later.
import { db, type Db } from "../db/client";
import type { DeliveryInsert } from "../db/fast-insert/rows";
import type { Prisma } from "../db/generated/sqlite/client.ts";
import { isPostgres } from "../db/provider";
import type { PrismaPromise } from "../db/types";
import { newId } from "../ids";
import { notifyConfig } from "./config";

export type { DeliveryInsert } from "../db/fast-insert/rows";

export type DeliveryRow = Awaited<ReturnType<ReturnType<typeof db>["delivery"]["findMany"]>>[number];

/** `mail: false` leaves email deliveries to an instance that has SMTP_URL; `skip`: destinations left alone. */
export async function claimDue(limit: number, opts: { mail: boolean; skip: string[] }): Promise<DeliveryRow[]> {
  const kinds = ["webhook", "callback", "slack", "push", ...(opts.mail ? ["email"] : [])];
  const now = new Date();
  const leaseId = newId("ls");
  const leaseUntil = new Date(now.getTime() + notifyConfig().leaseMs);
  const client = db();
  if (isPostgres()) {
    // timestamp(3) columns hold UTC; an ISO string cast to timestamp keeps that instant.
    await client.$executeRawUnsafe(
      `UPDATE "Delivery" SET "leaseId" = $1, "leaseUntil" = $2::timestamp(3)
       WHERE "id" IN (
         SELECT "id" FROM "Delivery"
         WHERE "status" = 'pending' AND "nextAttemptAt" <= $3::timestamp(3) AND "kind" = ANY(string_to_array($5, ','))
           AND ("leaseUntil" IS NULL OR "leaseUntil" < $3::timestamp(3))
           AND ("destination" IS NULL OR NOT ("destination" = ANY(ARRAY(SELECT json_array_elements_text($6::json)))))
         ORDER BY "nextAttemptAt" LIMIT $4
         FOR UPDATE SKIP LOCKED)`,
      leaseId,
      leaseUntil.toISOString(),
      now.toISOString(),
      limit,
      kinds.join(","),
      JSON.stringify(opts.skip),
    );
  } else {
    const skip = opts.skip.length ? [{ OR: [{ destination: null }, { destination: { notIn: opts.skip } }] }] : [];
    const due = await client.delivery.findMany({
      where: { status: "pending", kind: { in: kinds }, nextAttemptAt: { lte: now }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }], AND: skip },
      orderBy: { nextAttemptAt: "asc" },
      take: limit,
      select: { id: true },
    });
    for (const { id } of due) {
      await client.delivery.updateMany({
        where: { id, status: "pending", OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
        data: { leaseId, leaseUntil },
      });
    }
  }
  return client.delivery.findMany({ where: { leaseId }, orderBy: { nextAttemptAt: "asc" } });
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
