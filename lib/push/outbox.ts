// The push notification of a new (or escalated) request: title, agent and the first question,
// nothing more (never context, an answer or a secret), and the link that tapping it opens.
// One outbox row per subscription of each recipient, written with the event like every delivery.
import { memo } from "../cache/memo";
import { teamMembersTag, userPushTag } from "../cache/tags";
import { env } from "../config/env";
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

type Target = { id: string; userId: string; endpoint: string };

const subscriptionsOf = (client: Db, userIds: string[]): Promise<Target[]> =>
  userIds.length ? client.pushSubscription.findMany({ where: { userId: { in: userIds } }, select: { id: true, userId: true, endpoint: true } }) : Promise.resolve([]);

/**
 * The push subscriptions of a team's members, read once per TTL rather than twice per create (two
 * Prisma queries were most of a create's CPU on PostgreSQL); dropped when a member joins or leaves
 * or one of them subscribes, moves or loses a subscription.
 */
function teamTargets(client: Db, teamId: string): Promise<Target[]> {
  return memo.load(`push-targets:${teamId}`, env().TOKEN_CACHE_SECONDS * 1000, async () => {
    const userIds = (await client.membership.findMany({ where: { teamId }, select: { userId: true } })).map((m) => m.userId);
    return { value: await subscriptionsOf(client, userIds), tags: [teamMembersTag(teamId), ...userIds.map(userPushTag)] };
  });
}

/** One row per subscription of every member of the team. */
export async function teamPushRows(client: Db, view: QuestionRequest, base: Base): Promise<DeliveryInsert[]> {
  return rowsFor(await teamTargets(client, base.teamId), view, base);
}

export async function pushRows(client: Db, userIds: string[], view: QuestionRequest, base: Base): Promise<DeliveryInsert[]> {
  return rowsFor(await subscriptionsOf(client, userIds), view, base);
}

function rowsFor(subs: Target[], view: QuestionRequest, base: Base): DeliveryInsert[] {
  if (!subs.length) return [];
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
