// Where a delivery goes, as the worker counts it: one webhook, one team's callbacks to one origin,
// the mail server, one team's Slack app, or one push service host. Deliveries to different destinations never wait for each other, and a
// callback destination that keeps failing is paused (webhooks pause themselves, lib/notify/pause.ts).
import { db, isUniqueViolation } from "../db/client";
import { log } from "../log";
import { notifyConfig } from "./config";

export const MAIL = "mail";

export const webhookDestination = (webhookId: string) => `wh:${webhookId}`;
export const slackDestination = (teamId: string) => `slack:${teamId}`;

export function callbackDestination(teamId: string, target: string): string {
  let origin = "invalid";
  try {
    origin = new URL(target).origin;
  } catch {
    // refused at send time; counted under one name meanwhile
  }
  return `cb:${teamId}:${origin}`;
}

/** The row's destination (rows written before the column existed: derived the same way). */
export function destinationOf(d: { destination: string | null; kind: string; teamId: string; webhookId: string | null; target: string | null }): string {
  if (d.destination) return d.destination;
  if (d.kind === "webhook") return webhookDestination(d.webhookId ?? "");
  if (d.kind === "callback") return callbackDestination(d.teamId, d.target ?? "");
  return MAIL;
}

/** A failed callback attempt; after WEBHOOK_PAUSE_AFTER in a row the destination pauses for NOTIFY_RETRY_MAX_MS. */
export async function callbackFailed(id: string, error: string): Promise<void> {
  const { pauseAfter, retryMaxMs } = notifyConfig();
  const client = db();
  const bump = () =>
    client.callbackDestination.upsert({
      where: { id },
      create: { id, failureStreak: 1, lastError: error },
      update: { failureStreak: { increment: 1 }, lastError: error },
      select: { failureStreak: true },
    });
  // Two instances creating the row at once: one gets the unique violation and increments instead.
  const row = await bump().catch((e: unknown) => (isUniqueViolation(e) ? bump() : Promise.reject(e)));
  if (row.failureStreak < pauseAfter) return;
  const now = new Date();
  const paused = await client.callbackDestination.updateMany({
    where: { id, OR: [{ pausedUntil: null }, { pausedUntil: { lte: now } }] },
    data: { pausedUntil: new Date(now.getTime() + retryMaxMs) },
  });
  if (paused.count) log.warn({ destination: id, failures: row.failureStreak, error }, "callbacks to this destination paused");
}

/** A callback got through: the destination is healthy again. */
export async function callbackSent(id: string): Promise<void> {
  await db().callbackDestination.updateMany({
    where: { id, OR: [{ failureStreak: { gt: 0 } }, { pausedUntil: { not: null } }] },
    data: { failureStreak: 0, pausedUntil: null },
  });
}
