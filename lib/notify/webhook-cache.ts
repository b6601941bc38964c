// A team's webhooks as the outbox needs them, read on every event: cached (TOKEN_CACHE_SECONDS)
// and dropped by invalidate() on webhook create, edit, pause, resume and delete.
import { memo } from "../cache/memo";
import { teamWebhooksTag, webhookTag } from "../cache/tags";
import { env } from "../config/env";
import type { Db } from "../db/client";

export type OutboxWebhook = { id: string; format: string; events: string; pausedAt: Date | null };

export function webhooksOf(client: Db, teamId: string): Promise<OutboxWebhook[]> {
  return memo.load(`webhooks:${teamId}`, env().TOKEN_CACHE_SECONDS * 1000, async () => {
    const rows = await client.webhook.findMany({ where: { teamId }, select: { id: true, format: true, events: true, pausedAt: true } });
    return { value: rows, tags: [teamWebhooksTag(teamId), ...rows.map((w) => webhookTag(w.id))] };
  });
}

export type SendWebhook = { id: string; teamId: string; url: string; secretSealed: string; pausedAt: Date | null };

/** What a send needs of a webhook (null: deleted), read once per TTL rather than once per delivery. */
export function webhookForSend(client: Db, id: string): Promise<SendWebhook | null> {
  return memo.load(`webhook-send:${id}`, env().TOKEN_CACHE_SECONDS * 1000, async () => {
    const value = await client.webhook.findUnique({ where: { id }, select: { id: true, teamId: true, url: true, secretSealed: true, pausedAt: true } });
    return { value, tags: [webhookTag(id)] };
  });
}
