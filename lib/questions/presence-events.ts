// A change of presence (an agent declared gone, or back) is one conditional update plus one
// `request.presence` event per request it changed, in one transaction: the browser's live stream
// shows it like any other change, and a lost race (another instance flipped it first) writes nothing.
import { db } from "../db/client";
import type { Prisma } from "../db/generated/sqlite/client.ts";
import type { EventRow } from "../db/types";
import { commitNotifications, EVENT_LOCK, isPostgres } from "../db/provider";
import { hub } from "../events/hub";
import { presenceOf } from "./presence";
import { toView } from "./view";

export const PRESENCE_EVENT = "request.presence";

export async function writePresenceEvents(opts: { where: Prisma.QuestionRequestWhereInput; state: "waiting" | "gone"; at: Date; take?: number }): Promise<number> {
  const client = db();
  // A cheap look first: nearly always there is nothing to change, and then no transaction is opened.
  const candidates = await client.questionRequest.findMany({ where: opts.where, select: { id: true }, take: opts.take ?? 500 });
  if (candidates.length === 0) return 0;
  const data = opts.state === "gone" ? { agentGoneAt: opts.at } : { agentGoneAt: null, agentSeenAt: opts.at };
  const pg = isPostgres();
  const events = await client.$transaction(async (tx) => {
    // As every event-writing transaction (lib/db/provider.ts): commits in id order, then NOTIFY.
    if (pg) await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${EVENT_LOCK})`);
    // The same conditions again, checked row by row by the update itself.
    const rows = await tx.questionRequest.updateManyAndReturn({ where: { AND: [opts.where, { id: { in: candidates.map((c) => c.id) } }] }, data });
    if (rows.length === 0) return [];
    const written = await tx.event.createManyAndReturn({
      data: rows.map((r) => ({
        teamId: r.teamId,
        requestId: r.id,
        tokenId: r.tokenId,
        type: PRESENCE_EVENT,
        payload: JSON.stringify({ ...toView(r), presence: presenceOf(r, opts.at.getTime()) }),
        createdAt: opts.at,
      })),
    });
    if (pg) await tx.$executeRawUnsafe(commitNotifications(false));
    return written;
    // Prisma's 5 s default is tight for a busy SQLite queue; the work itself is two statements.
  }, { maxWait: 15_000, timeout: 30_000 });
  hub.committed((events as EventRow[]).sort((a, b) => a.id - b.id));
  return events.length;
}
