// Escalating one request: a conditional write (still pending, not yet escalated) with its event,
// the escalation list's outbox rows and the audit entry, in one transaction. Whichever process
// (or instance) commits first escalates; the others match no row and write nothing, so the list
// is notified once, and the outbox delivers what was committed across restarts.
import { auditInsert } from "../audit/append";
import { prepareEntry } from "../audit/entry";
import { db, isNotFound } from "../db/client";
import type { DeliveryInsert } from "../notify/delivery-writes";
import { requestEvent } from "../events/event-writes";
import { hub } from "../events/hub";
import { newId } from "../ids";
import { notifyConfig } from "../notify/config";
import { deadlineFrom, envelopeBody } from "../notify/outbox";
import { MAIL, webhookDestination } from "../notify/destinations";
import { pushRows } from "../push/outbox";
import type { QuestionRequest } from "../questions/schemas";
import { changeRequest } from "../questions/request-writes";
import { toView } from "../questions/view";
import type { EscalationList } from "./settings";

export const ESCALATED = "request.escalated";

async function outboxRows(teamId: string, view: QuestionRequest, list: EscalationList, at: Date): Promise<DeliveryInsert[]> {
  const base = { teamId, requestId: view.id, type: ESCALATED, createdAt: at, nextAttemptAt: at, deadlineAt: deadlineFrom(at) };
  const rows: DeliveryInsert[] = [];
  const hooks = list.webhookIds.length ? await db().webhook.findMany({ where: { teamId, id: { in: list.webhookIds } } }) : [];
  for (const w of hooks) {
    const id = newId("dl");
    const body = envelopeBody(w.format, { id, type: ESCALATED, createdAt: at.toISOString(), request: view });
    // The dedupe key is a second guarantee of once per request and destination.
    rows.push({ ...base, id, kind: "webhook", webhookId: w.id, destination: webhookDestination(w.id), dedupe: `escalation:${view.id}:${w.id}`, body, status: w.pausedAt ? "paused" : "pending" });
  }
  const members = list.userIds.length ? await db().membership.findMany({ where: { teamId, userId: { in: list.userIds } }, select: { userId: true } }) : [];
  if (notifyConfig().smtpUrl) {
    for (const m of members) {
      rows.push({ ...base, id: newId("dl"), kind: "email", userId: m.userId, destination: MAIL, dedupe: `escalation:${view.id}:${m.userId}`, body: JSON.stringify(view) });
    }
  }
  // And a push to each of their devices.
  rows.push(...(await pushRows(db(), members.map((m) => m.userId), view, base)));
  return rows;
}

/** True when this call escalated the request; false when it was escalated or resolved meanwhile. */
export async function escalateRequest(id: string, teamId: string, list: EscalationList, afterSeconds: number): Promise<boolean> {
  await hub.ready();
  const client = db();
  const row = await client.questionRequest.findFirst({ where: { id, teamId, status: "pending", escalatedAt: null } });
  if (!row) return false;
  const now = new Date();
  const view = toView({ ...row, escalatedAt: now });
  const deliveries = await outboxRows(teamId, view, list, now);
  const entry = prepareEntry(
    { actor: "system", teamId, action: ESCALATED, target: id, details: { afterSeconds, notified: deliveries.filter((d) => d.kind !== "push").map((d) => d.webhookId ?? d.userId) } },
    now,
  );
  try {
    await changeRequest({
      // Not a new version: a reviewer's reply with the version they saw must still go through.
      where: { id, status: "pending", escalatedAt: null },
      data: { escalatedAt: now },
      event: requestEvent(row, ESCALATED, JSON.stringify(view), now),
      deliveries,
      audit: auditInsert(client, entry),
    });
  } catch (e) {
    if (isNotFound(e)) return false;
    throw e;
  }
  return true;
}
