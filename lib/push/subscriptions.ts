// A browser's push subscription per user and device (`PushSubscription.toJSON()`), its endpoint on
// a push service host in PUSH_HOSTS: https only, plain http only to a loopback host listed there,
// so a subscription cannot make the server post into a private network.
import { isIP } from "node:net";
import { z } from "zod";
import { db } from "../db/client";
import { AppError } from "../errors";
import { newId } from "../ids";
import { notifyConfig } from "../notify/config";
import { hostAllowed } from "../notify/http";
import { invalidate } from "../cache/invalidate";
import { userPushTag } from "../cache/tags";

const b64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/, "must be base64url");

export const SubscriptionBody = z
  .object({
    endpoint: z.string().trim().max(2000).refine((s) => URL.canParse(s), "must be a URL"),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: b64url.min(80).max(100), auth: b64url.min(16).max(32) }).strict(),
  })
  .strict();
export const UnsubscribeBody = z.object({ endpoint: z.string().trim().min(1).max(2000) }).strict();

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

/** Why the endpoint is refused, or null. Checked when subscribing and again before each send. */
export function endpointProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be a URL";
  }
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (url.username || url.password) return "must not contain credentials";
  if (!hostAllowed(host, notifyConfig().pushHosts)) return `host ${host} is not a push service in PUSH_HOSTS`;
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && LOOPBACK.test(host) && notifyConfig().pushHosts.includes(host)) return null;
  return isIP(host) || LOOPBACK.test(host) ? "plain http is allowed only to a loopback host listed in PUSH_HOSTS" : "must be https";
}

export async function subscribe(userId: string, input: z.output<typeof SubscriptionBody>, userAgent: string | null): Promise<{ id: string }> {
  const problem = endpointProblem(input.endpoint);
  if (problem) throw new AppError("validation", `endpoint: ${problem}`, [{ path: "endpoint", message: problem }]);
  const data = { userId, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: userAgent?.slice(0, 200) ?? null };
  // One row per endpoint (device); a browser re-subscribing refreshes its keys and owner.
  const before = await db().pushSubscription.findUnique({ where: { endpoint: input.endpoint }, select: { userId: true } });
  const row = await db().pushSubscription.upsert({ where: { endpoint: input.endpoint }, create: { id: newId("ps"), endpoint: input.endpoint, ...data }, update: data });
  // The teams' cached push targets (lib/push/outbox.ts): the device's previous owner no longer gets its pushes.
  await invalidate([userPushTag(userId), ...(before && before.userId !== userId ? [userPushTag(before.userId)] : [])]);
  return { id: row.id };
}

export async function unsubscribe(userId: string, endpoint: string): Promise<void> {
  const { count } = await db().pushSubscription.deleteMany({ where: { userId, endpoint } });
  if (!count) throw new AppError("not_found", "No push subscription with this endpoint for you.");
  await invalidate([userPushTag(userId)]);
}

export async function subscriptionCount(userId: string): Promise<number> {
  return db().pushSubscription.count({ where: { userId } });
}
