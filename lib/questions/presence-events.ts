// A change of presence (an agent declared gone, or back) is one conditional update plus one
// `request.presence` event per request it changed, in one transaction (./request-writes.ts): the
// browser's live stream shows it like any other change, and a lost race (another instance flipped
// it first) writes nothing.
import { db } from "../db/client";
import type { Prisma } from "../db/generated/sqlite/client.ts";
import { requestEvent } from "../events/event-writes";
import { presenceOf } from "./presence";
import { changeRequests } from "./request-writes";
import { toView } from "./view";

export const PRESENCE_EVENT = "request.presence";

export async function writePresenceEvents(opts: { where: Prisma.QuestionRequestWhereInput; state: "waiting" | "gone"; at: Date; take?: number }): Promise<number> {
  // A cheap look first: nearly always there is nothing to change, and then no transaction is opened.
  const candidates = await db().questionRequest.findMany({ where: opts.where, select: { id: true }, take: opts.take ?? 500 });
  if (candidates.length === 0) return 0;
  return changeRequests({
    // The same conditions again, checked row by row by the update itself.
    where: opts.where,
    ids: candidates.map((c) => c.id),
    data: opts.state === "gone" ? { agentGoneAt: opts.at } : { agentGoneAt: null, agentSeenAt: opts.at },
    eventOf: (r) => requestEvent(r, PRESENCE_EVENT, JSON.stringify({ ...toView(r), presence: presenceOf(r, opts.at.getTime()) }), opts.at),
  });
}
