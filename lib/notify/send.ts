// One attempt at one claimed delivery, and recording its outcome (only while we hold the lease).
import { db } from "../db/client";
import { log } from "../log";
import type { QuestionRequest } from "../questions/schemas";
import { settle, settleSent, type DeliveryRow } from "./delivery-writes";
import { webhookForSend } from "./webhook-cache";
import { callbackSecret } from "./callbacks";
import { notifyConfig } from "./config";
import { sendMail } from "./email";
import { excerpt, OutboundRefused, postJson } from "./http";
import { openSigningSecret } from "./secrets";
import { signature } from "./sign";
import { pauseWebhook } from "./pause";
import { callbackFailed, callbackSent, destinationOf } from "./destinations";
import { sendSlack } from "../slack/send";
import { sendPush } from "../push/send";

type Outcome =
  | { kind: "sent"; status: number | null; excerpt: string | null }
  | { kind: "retry"; status: number | null; excerpt: string | null; error: string; /** the receiver's Retry-After, honoured over the backoff */ retryAfterMs?: number | null }
  | { kind: "final"; status: "failed" | "skipped" | "paused"; error: string | null };

function headers(d: DeliveryRow, secret: string): Record<string, string> {
  return { "questions-delivery": d.id, "questions-event": d.type, "questions-signature": signature(secret, d.body) };
}

async function attempt(d: DeliveryRow): Promise<Outcome> {
  const cfg = notifyConfig();
  if (d.kind === "webhook") {
    const w = d.webhookId ? await webhookForSend(db(), d.webhookId) : null;
    if (!w) return { kind: "final", status: "failed", error: "the webhook was deleted" };
    if (w.pausedAt && d.type !== "webhook.test") return { kind: "final", status: "paused", error: d.lastError };
    let secret: string;
    try {
      secret = openSigningSecret(w.teamId, w.id, w.secretSealed);
    } catch {
      // Another instance or the CLI sealed it with keys this one lacks (share QUESTIONS_KEYS).
      return { kind: "retry", status: null, excerpt: null, error: "the signing secret cannot be opened with this server's keys" };
    }
    const r = await postJson(w.url, d.body, headers(d, secret), { timeoutMs: cfg.timeoutMs });
    return r.ok ? { kind: "sent", status: r.status, excerpt: r.excerpt } : { kind: "retry", status: r.status, excerpt: r.excerpt, error: r.error ?? "failed" };
  }
  if (d.kind === "callback") {
    const secret = await callbackSecret(d.teamId);
    const r = await postJson(d.target ?? "", d.body, headers(d, secret), { timeoutMs: cfg.timeoutMs, allowHosts: cfg.callbackHosts });
    return r.ok ? { kind: "sent", status: r.status, excerpt: r.excerpt } : { kind: "retry", status: r.status, excerpt: r.excerpt, error: r.error ?? "failed" };
  }
  if (d.kind === "email") {
    if (!cfg.smtpUrl) return { kind: "retry", status: null, excerpt: null, error: "SMTP_URL is not set" };
    const user = d.userId ? await db().user.findUnique({ where: { id: d.userId }, select: { email: true } }) : null;
    // The opt-out is from new-request mail; an escalation list is chosen by the team's admins.
    const optedOut = d.userId && d.type !== "request.escalated" ? await db().emailOptOut.findUnique({ where: { userId: d.userId } }) : null;
    if (!user || optedOut) return { kind: "final", status: "skipped", error: user ? "the user opted out" : "the user was deleted" };
    try {
      const response = await sendMail(user.email, JSON.parse(d.body) as QuestionRequest, d.type);
      return { kind: "sent", status: null, excerpt: excerpt(response) };
    } catch (e) {
      const err = e as { code?: string; responseCode?: number };
      return { kind: "retry", status: err.responseCode ?? null, excerpt: null, error: `mail not accepted (${err.code ?? err.responseCode ?? "SMTP error"})` };
    }
  }
  if (d.kind === "slack") {
    const r = await sendSlack(d.teamId, d.requestId ?? "", d.type);
    if (r.kind === "sent") return { kind: "sent", status: null, excerpt: r.detail };
    if (r.kind === "skipped") return { kind: "final", status: "skipped", error: r.error };
    return { kind: "retry", status: null, excerpt: null, error: r.error, retryAfterMs: r.retryAfterMs };
  }
  if (d.kind === "push") {
    const r = await sendPush(d.target ?? "", d.body);
    if (r.kind === "sent") return { kind: "sent", status: r.result.status, excerpt: r.result.excerpt };
    if (r.kind === "gone") return { kind: "final", status: "skipped", error: r.error };
    if (r.kind === "refused") return { kind: "final", status: "failed", error: r.error };
    return { kind: "retry", status: r.result.status, excerpt: r.result.excerpt, error: r.result.error ?? "failed", retryAfterMs: r.retryAfterMs };
  }
  return { kind: "final", status: "failed", error: `unknown delivery kind ${d.kind}` };
}

/** Exponential backoff with equal jitter: half the step fixed, half random. */
export function backoffMs(attempts: number): number {
  const { retryBaseMs, retryMaxMs } = notifyConfig();
  const step = Math.min(retryMaxMs, retryBaseMs * 2 ** Math.max(0, attempts - 1));
  return step / 2 + Math.random() * (step / 2);
}

export async function deliver(d: DeliveryRow): Promise<void> {
  let outcome: Outcome;
  try {
    outcome = await attempt(d);
  } catch (e) {
    outcome = e instanceof OutboundRefused ? { kind: "final", status: "failed", error: e.message } : { kind: "retry", status: null, excerpt: null, error: `internal error (${(e as Error).name})` };
  }
  const now = new Date();
  const client = db();
  if (outcome.kind === "sent") {
    await settleSent(d, now, outcome.status, outcome.excerpt);
    if (d.kind === "callback") await callbackSent(destinationOf(d));
    return;
  }
  if (outcome.kind === "final") {
    const counted = outcome.status === "paused" ? {} : { attempts: { increment: 1 } };
    await settle(d, { ...counted, status: outcome.status, lastError: outcome.error });
    return;
  }
  const next = new Date(now.getTime() + (outcome.retryAfterMs ?? backoffMs(d.attempts + 1)));
  const gaveUp = next > d.deadlineAt;
  await settle(d, { status: gaveUp ? "failed" : "pending", attempts: { increment: 1 }, nextAttemptAt: next, responseCode: outcome.status, responseExcerpt: outcome.excerpt, lastError: outcome.error });
  log.warn({ delivery: d.id, kind: d.kind, attempts: d.attempts + 1, error: outcome.error, gaveUp }, "delivery attempt failed");
  if (d.kind === "callback") await callbackFailed(destinationOf(d), outcome.error);
  if (d.webhookId) {
    const w = await client.webhook.update({ where: { id: d.webhookId }, data: { failureStreak: { increment: 1 } }, select: { failureStreak: true, pausedAt: true } }).catch(() => null);
    if (w && !w.pausedAt && w.failureStreak >= notifyConfig().pauseAfter) {
      await pauseWebhook(d.webhookId, `Paused after ${w.failureStreak} failed attempts in a row (last: ${outcome.error}).`, { actor: "system", teamId: d.teamId });
    }
  }
}
