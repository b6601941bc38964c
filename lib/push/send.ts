// One Web Push attempt: web-push encrypts (RFC 8291, aes128gcm) and signs (RFC 8292 VAPID); the
// request goes out through the hardened sender (no redirects, pinned address, timeout). A push
// service's 404/410 means the subscription is gone: it is deleted. 429 waits its Retry-After.
import webpush from "web-push";
import { db } from "../db/client";
import { notifyConfig } from "../notify/config";
import { postBytes, type PostResult } from "../notify/http";
import { endpointProblem } from "./subscriptions";
import { invalidate } from "../cache/invalidate";
import { userPushTag } from "../cache/tags";
import { vapidKeys } from "./vapid";

export type PushOutcome =
  | { kind: "sent"; result: PostResult }
  | { kind: "gone"; error: string }
  | { kind: "refused"; error: string }
  | { kind: "retry"; result: PostResult; retryAfterMs: number | null };

export const PUSH_TTL_SECONDS = 24 * 3600;

export async function sendPush(subscriptionId: string, payload: string): Promise<PushOutcome> {
  const sub = await db().pushSubscription.findUnique({ where: { id: subscriptionId } });
  if (!sub) return { kind: "gone", error: "the subscription was removed" };
  const problem = endpointProblem(sub.endpoint);
  if (problem) return { kind: "refused", error: `endpoint ${problem}` };
  const cfg = notifyConfig();
  const keys = vapidKeys();
  const details = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
    vapidDetails: { subject: cfg.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
    TTL: PUSH_TTL_SECONDS,
    urgency: "high",
    contentEncoding: "aes128gcm",
  });
  const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
  const result = await postBytes(details.endpoint, details.body ?? Buffer.alloc(0), headers, { timeoutMs: cfg.timeoutMs });
  if (result.ok) return { kind: "sent", result };
  if (result.status === 404 || result.status === 410) {
    await db().pushSubscription.deleteMany({ where: { id: sub.id } });
    await invalidate([userPushTag(sub.userId)]);
    return { kind: "gone", error: `the push service answered ${result.status}: subscription removed` };
  }
  return { kind: "retry", result, retryAfterMs: result.retryAfterMs };
}
