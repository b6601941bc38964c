// Team webhooks: create (the signing secret is returned once), edit, pause/resume, delete,
// send a test, the delivery log and redelivery. Used by the Settings routes and the CLI.
import { invalidate } from "../cache/invalidate";
import { teamWebhooksTag, webhookTag } from "../cache/tags";
import { db } from "../db/client";
import { AppError } from "../errors";
import { newId } from "../ids";
import { createDelivery, requeue } from "./delivery-writes";
import { webhookDestination } from "./destinations";
import { deadlineFrom, envelopeBody } from "./outbox";
import { pauseWebhook, resumeWebhook } from "./pause";
import type { CreateWebhookInput, DeliveryView, UpdateWebhookInput, WebhookView } from "./schemas";
import { sealSigningSecret } from "./secrets";
import { newSigningSecret } from "./sign";
import { notifyWorker } from "./worker";
import { audited, auditWrites } from "../audit/append";
import type { AuditWho } from "../audit/entry";

type WebhookRow = NonNullable<Awaited<ReturnType<ReturnType<typeof db>["webhook"]["findUnique"]>>>;
type DeliveryRow = Awaited<ReturnType<ReturnType<typeof db>["delivery"]["findMany"]>>[number];

/** Scheme, host and first path segment: enough to recognise, not enough to post to. */
export function maskUrl(raw: string): string {
  const url = new URL(raw);
  const segments = url.pathname.split("/").filter(Boolean);
  const rest = segments.length > 1 || url.search ? "/…" : "";
  return `${url.origin}${segments.length ? `/${segments[0]}` : ""}${rest}`;
}

export function webhookView(w: WebhookRow): WebhookView {
  return {
    id: w.id,
    url: maskUrl(w.url),
    format: w.format === "slack" ? "slack" : "json",
    events: w.events.split(","),
    pausedAt: w.pausedAt?.toISOString() ?? null,
    pausedReason: w.pausedReason,
    failureStreak: w.failureStreak,
    createdAt: w.createdAt.toISOString(),
  };
}

function deliveryView(d: DeliveryRow): DeliveryView {
  return {
    id: d.id,
    type: d.type,
    requestId: d.requestId,
    status: d.status,
    attempts: d.attempts,
    responseCode: d.responseCode,
    responseExcerpt: d.responseExcerpt,
    lastError: d.lastError,
    createdAt: d.createdAt.toISOString(),
    nextAttemptAt: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
    sentAt: d.sentAt?.toISOString() ?? null,
  };
}

async function findWebhook(teamId: string, id: string): Promise<WebhookRow> {
  const w = await db().webhook.findFirst({ where: { id, teamId } });
  if (!w) throw new AppError("not_found", `No webhook ${id}.`);
  return w;
}

export async function listWebhooks(teamId: string): Promise<WebhookView[]> {
  const rows = await db().webhook.findMany({ where: { teamId }, orderBy: { createdAt: "asc" } });
  return rows.map(webhookView);
}

export async function createWebhook(teamId: string, input: CreateWebhookInput, who: AuditWho): Promise<{ webhook: WebhookView; secret: string }> {
  const id = newId("wh");
  const secret = newSigningSecret("whsec");
  const events = [...new Set(input.events)].join(",");
  const [row] = await db().$transaction([
    db().webhook.create({ data: { id, teamId, url: input.url, format: input.format, events, secretSealed: sealSigningSecret(teamId, id, secret) } }),
    // The URL masked (a Slack webhook URL is a credential), the signing secret never.
    ...auditWrites(db(), { ...who, teamId, action: "webhook.created", target: id, details: { url: maskUrl(input.url), format: input.format, events } }),
  ]);
  await invalidate([teamWebhooksTag(teamId)]);
  return { webhook: webhookView(row), secret };
}

export async function updateWebhook(teamId: string, id: string, input: UpdateWebhookInput, who: AuditWho): Promise<WebhookView> {
  await findWebhook(teamId, id);
  const data: { url?: string; format?: string; events?: string } = {};
  if (input.url) data.url = input.url;
  if (input.format) data.format = input.format;
  if (input.events) data.events = [...new Set(input.events)].join(",");
  if (Object.keys(data).length) {
    const details = { ...data, ...(data.url ? { url: maskUrl(data.url) } : {}) };
    await db().$transaction([
      db().webhook.update({ where: { id }, data }),
      ...auditWrites(db(), { ...who, teamId, action: "webhook.updated", target: id, details }),
    ]);
    await invalidate([webhookTag(id)]);
  }
  if (input.paused === true) await pauseWebhook(id, `Paused by ${who.actor}.`, { ...who, teamId });
  if (input.paused === false) {
    await resumeWebhook(id, { ...who, teamId });
    notifyWorker.poke();
  }
  return webhookView(await findWebhook(teamId, id));
}

export async function deleteWebhook(teamId: string, id: string, who: AuditWho): Promise<void> {
  const { count } = await audited(
    (tx) => tx.webhook.deleteMany({ where: { id, teamId } }),
    (r) => (r.count ? { ...who, teamId, action: "webhook.deleted", target: id } : null),
  );
  await invalidate([webhookTag(id)]);
  if (!count) throw new AppError("not_found", `No webhook ${id}.`);
}

export async function sendTest(teamId: string, id: string): Promise<DeliveryView> {
  const w = await findWebhook(teamId, id);
  const now = new Date();
  const deliveryId = newId("dl");
  const type = "webhook.test";
  const body = envelopeBody(w.format, { id: deliveryId, type, createdAt: now.toISOString(), request: null });
  const row = await createDelivery({ id: deliveryId, teamId, kind: "webhook", webhookId: id, destination: webhookDestination(id), type, body, createdAt: now, nextAttemptAt: now, deadlineAt: new Date(now.getTime() + 3600_000) });
  notifyWorker.poke();
  return deliveryView(row);
}

export async function listDeliveries(teamId: string, webhookId: string, limit = 50): Promise<DeliveryView[]> {
  await findWebhook(teamId, webhookId);
  const rows = await db().delivery.findMany({ where: { webhookId }, orderBy: { createdAt: "desc" }, take: limit });
  return rows.map(deliveryView);
}

/** Send a delivery again (same id and body), whatever became of it. */
export async function redeliver(teamId: string, webhookId: string, deliveryId: string): Promise<DeliveryView> {
  const w = await findWebhook(teamId, webhookId);
  const now = new Date();
  const count = await requeue(deliveryId, webhookId, w.pausedAt ? "paused" : "pending", now, deadlineFrom(now));
  if (!count) throw new AppError("conflict", "This delivery is being sent right now, or does not exist.");
  notifyWorker.poke();
  const row = await db().delivery.findUniqueOrThrow({ where: { id: deliveryId } });
  return deliveryView(row);
}
