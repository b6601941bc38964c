// The transactional outbox: the delivery rows an event needs, which the caller commits in the
// transaction of the event. Nothing is sent for a change that rolls back, and nothing committed
// is lost in a crash.
import type { Db } from "../db/client";
import type { DeliveryInsert } from "./delivery-writes";
import { newId } from "../ids";
import type { QuestionRequest } from "../questions/schemas";
import { notifyConfig } from "./config";
import { callbackDestination, MAIL, slackDestination, webhookDestination } from "./destinations";
import { slackConnected } from "../slack/store";
import { teamPushRows } from "../push/outbox";
import { jsonBody, slackBody, type Envelope } from "./payload";
import { webhooksOf } from "./webhook-cache";

export type OutboxEvent = {
  teamId: string;
  requestId: string;
  type: string; // request.created | request.answered | …
  view: QuestionRequest;
  callbackUrl: string | null;
  at: Date;
};


/** Does a webhook's event filter (`request.created`, `request.resolved`, or an exact type) take this type? */
export function wantsEvent(events: string, type: string): boolean {
  const list = events.split(",").map((e) => e.trim());
  return list.includes(type) || (type !== "request.created" && list.includes("request.resolved"));
}

export function deadlineFrom(at: Date): Date {
  return new Date(at.getTime() + notifyConfig().retryHours * 3600_000);
}

export function envelopeBody(format: string, envelope: Envelope): string {
  return format === "slack" ? slackBody(envelope) : jsonBody(envelope);
}

/** The Delivery rows an event needs, to commit with it (lib/notify/delivery-writes.ts, or the create's fast insert). */
export async function outboxRows(client: Db, ev: OutboxEvent): Promise<DeliveryInsert[]> {
  const base = { teamId: ev.teamId, requestId: ev.requestId, type: ev.type, createdAt: ev.at, nextAttemptAt: ev.at, deadlineAt: deadlineFrom(ev.at) };
  const rows: DeliveryInsert[] = [];
  const envelope = (id: string): Envelope => ({ id, type: ev.type, createdAt: ev.at.toISOString(), request: ev.view });

  const webhooks = await webhooksOf(client, ev.teamId);
  for (const w of webhooks) {
    if (!wantsEvent(w.events, ev.type)) continue;
    const id = newId("dl");
    rows.push({ ...base, id, kind: "webhook", webhookId: w.id, destination: webhookDestination(w.id), body: envelopeBody(w.format, envelope(id)), status: w.pausedAt ? "paused" : "pending" });
  }

  if (ev.type === "request.created" && ev.view.status === "pending" && notifyConfig().smtpUrl) {
    const members = await client.membership.findMany({ where: { teamId: ev.teamId }, select: { userId: true } });
    const optedOut = new Set(
      (await client.emailOptOut.findMany({ where: { userId: { in: members.map((m) => m.userId) } }, select: { userId: true } })).map((o) => o.userId),
    );
    for (const m of members) {
      if (optedOut.has(m.userId)) continue;
      // The unique dedupe key is what guarantees one mail per reviewer and request.
      rows.push({ ...base, id: newId("dl"), kind: "email", userId: m.userId, destination: MAIL, dedupe: `email:${ev.requestId}:${m.userId}`, body: JSON.stringify(ev.view) });
    }
  }

  // The team's Slack app: request.created posts the one message, every later change edits it
  // (not a request decided at create, by a rule or the policy: it was never posted).
  const decidedAtCreate = ev.view.status !== "pending" && ev.view.resolvedAt === ev.view.createdAt;
  if (ev.type !== "request.escalated" && !decidedAtCreate && (await slackConnected(client, ev.teamId))) {
    const dedupe = ev.type === "request.created" ? { dedupe: `slack:${ev.requestId}` } : {};
    rows.push({ ...base, id: newId("dl"), kind: "slack", destination: slackDestination(ev.teamId), ...dedupe, body: JSON.stringify({ requestId: ev.requestId }) });
  }

  if (ev.type === "request.created" && ev.view.status === "pending") {
    rows.push(...(await teamPushRows(client, ev.view, base)));
  }

  if (ev.callbackUrl && ev.view.status !== "pending") {
    const id = newId("dl");
    rows.push({ ...base, id, kind: "callback", target: ev.callbackUrl, destination: callbackDestination(ev.teamId, ev.callbackUrl), dedupe: `callback:${ev.requestId}`, body: jsonBody(envelope(id)) });
  }
  return rows;
}
