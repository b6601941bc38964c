// GET /api/ui/push/subscriptions — the VAPID public key and how many devices of the user get pushes.
// POST — a browser's `PushSubscription.toJSON()`; DELETE `{ endpoint }` — turn that device off.
import { readJson } from "@openoxide/questions-core/api/body";
import { json } from "@openoxide/questions-core/api/problem";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { SubscriptionBody, subscribe, subscriptionCount, UnsubscribeBody, unsubscribe } from "@openoxide/questions-core/push/subscriptions";
import { vapidKeys } from "@openoxide/questions-core/push/vapid";

export const GET = uiRoute("reviewer", async ({ user }) => json({ publicKey: vapidKeys().publicKey, devices: await subscriptionCount(user.id) }));

export const POST = uiRoute("reviewer", async ({ req, user }) => {
  const { value } = await readJson(req, SubscriptionBody);
  return json(await subscribe(user.id, value, req.headers.get("user-agent")), 201);
});

export const DELETE = uiRoute("reviewer", async ({ req, user }) => {
  const { value } = await readJson(req, UnsubscribeBody);
  await unsubscribe(user.id, value.endpoint);
  return new Response(null, { status: 204 });
});
