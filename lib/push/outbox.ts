// The push notification of a new (or escalated) request: title, agent and the first question,
// nothing more (never context, an answer or a secret), and the link that tapping it opens.
// One outbox row per subscription of each recipient, written with the event like every delivery.
import type { Db } from "../db/client";
import type { DeliveryInsert } from "../notify/delivery-writes";
import { newId } from "../ids";
import { requestLink } from "../notify/payload";
import type { QuestionRequest } from "../questions/schemas";

export type PushPayload = { title: string; body: string; url: string; tag: string };

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function pushPayload(r: QuestionRequest, type: string): PushPayload {
  const first = r.questions[0];
  const title = cut(`${type === "request.escalated" ? "Escalated: " : ""}${r.agent.name}: ${r.title || first?.header || "A question"}`, 120);
  return { title, body: cut(first?.prompt ?? "", 200), url: requestLink(r.id), tag: r.id };
}

export const pushDestination = (endpoint: string) => {
  try {
    return `push:${new URL(endpoint).host}`;
  } catch {
    return "push:invalid";
  }
};

type Base = Pick<DeliveryInsert, "teamId" | "requestId" | "type" | "createdAt" | "nextAttemptAt" | "deadlineAt">;

export async function pushRows(client: Db, userIds: string[], view: QuestionRequest, base: Base): Promise<DeliveryInsert[]> {
  if (!userIds.length) return [];
  const subs = await client.pushSubscription.findMany({ where: { userId: { in: userIds } }, select: { id: true, userId: true, endpoint: true } });
  const body = JSON.stringify(pushPayload(view, base.type));
  return subs.map((s) => ({
    ...base,
    id: newId("dl"),
    kind: "push",
    userId: s.userId,
    target: s.id,
    destination: pushDestination(s.endpoint),
    dedupe: `push:${base.type}:${view.id}:${s.id}`,
    body,
  }));
}
