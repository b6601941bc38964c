// Pausing a webhook parks its pending deliveries; resuming re-queues them with a fresh 24 h
// window, so a receiver that was down for days still gets everything once it is back.
import { invalidate } from "../cache/invalidate";
import { webhookTag } from "../cache/tags";
import { db } from "../db/client";
import { deadlineFrom } from "./outbox";

export async function pauseWebhook(id: string, reason: string): Promise<boolean> {
  const client = db();
  const now = new Date();
  const [paused] = await client.$transaction([
    client.webhook.updateMany({ where: { id, pausedAt: null }, data: { pausedAt: now, pausedReason: reason } }),
    client.delivery.updateMany({ where: { webhookId: id, status: "pending", type: { not: "webhook.test" } }, data: { status: "paused" } }),
  ]);
  await invalidate([webhookTag(id)]);
  return paused.count === 1;
}

export async function resumeWebhook(id: string): Promise<number> {
  const client = db();
  const now = new Date();
  const [, requeued] = await client.$transaction([
    client.webhook.updateMany({ where: { id }, data: { pausedAt: null, pausedReason: null, failureStreak: 0 } }),
    client.delivery.updateMany({ where: { webhookId: id, status: "paused" }, data: { status: "pending", nextAttemptAt: now, deadlineAt: deadlineFrom(now) } }),
  ]);
  await invalidate([webhookTag(id)]);
  return requeued.count;
}
