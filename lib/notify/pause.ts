// Pausing a webhook parks its pending deliveries; resuming re-queues them with a fresh 24 h
// window, so a receiver that was down for days still gets everything once it is back.
import { invalidate } from "../cache/invalidate";
import { webhookTag } from "../cache/tags";
import { db } from "../db/client";
import { deadlineFrom } from "./outbox";
import { pauseDeliveries, resumeDeliveries } from "./delivery-writes";
import { auditWrites } from "../audit/append";
import type { AuditWho } from "../audit/entry";

/** Who paused or resumed it, and in which team: the audit entry written with the change. */
type By = AuditWho & { teamId: string };

export async function pauseWebhook(id: string, reason: string, by: By): Promise<boolean> {
  const client = db();
  const now = new Date();
  const [paused] = await client.$transaction([
    client.webhook.updateMany({ where: { id, pausedAt: null }, data: { pausedAt: now, pausedReason: reason } }),
    pauseDeliveries(client, id),
    ...auditWrites(client, { ...by, action: "webhook.paused", target: id, details: { reason } }),
  ]);
  await invalidate([webhookTag(id)]);
  return paused.count === 1;
}

export async function resumeWebhook(id: string, by: By): Promise<number> {
  const client = db();
  const now = new Date();
  const [, requeued] = await client.$transaction([
    client.webhook.updateMany({ where: { id }, data: { pausedAt: null, pausedReason: null, failureStreak: 0 } }),
    resumeDeliveries(client, id, now, deadlineFrom(now)),
    ...auditWrites(client, { ...by, action: "webhook.resumed", target: id }),
  ]);
  await invalidate([webhookTag(id)]);
  return requeued.count;
}
