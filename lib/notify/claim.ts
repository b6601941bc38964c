// Claiming due deliveries with a lease. PostgreSQL: one UPDATE over a FOR UPDATE SKIP LOCKED
// sub-select, so two instances never take the same row; SQLite: a conditional update per row.
// A lease outlives the send timeout; a crashed instance's claims come due again when it lapses.
import { db } from "../db/client";
import { isPostgres } from "../db/provider";
import { newId } from "../ids";
import { notifyConfig } from "./config";

export type DeliveryRow = Awaited<ReturnType<ReturnType<typeof db>["delivery"]["findMany"]>>[number];

/** `mail: false` leaves email deliveries to an instance that has SMTP_URL. */
export async function claimDue(limit: number, opts: { mail: boolean }): Promise<DeliveryRow[]> {
  const kinds = opts.mail ? ["webhook", "callback", "email"] : ["webhook", "callback"];
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
         ORDER BY "nextAttemptAt" LIMIT $4
         FOR UPDATE SKIP LOCKED)`,
      leaseId,
      leaseUntil.toISOString(),
      now.toISOString(),
      limit,
      kinds.join(","),
    );
  } else {
    const due = await client.delivery.findMany({
      where: { status: "pending", kind: { in: kinds }, nextAttemptAt: { lte: now }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
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

/** Drops sent, failed and skipped deliveries older than `before` (pending and paused stay). */
export async function sweepFinished(before: Date): Promise<number> {
  try {
    const { count } = await db().delivery.deleteMany({ where: { status: { in: ["sent", "failed", "skipped"] }, createdAt: { lt: before } } });
    return count;
  } catch {
    return 0; // the next sweep tries again
  }
}
