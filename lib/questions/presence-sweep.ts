// Every instance, every refresh interval: write its own held waits back, declare gone the
// agents nobody has seen for PRESENCE_SECONDS (an event each, so the inbox shows it live), and
// withdraw requests whose agent has been gone for ABANDON_AFTER. Both are conditional writes, so
// instances sweeping at once change each request once.
import { env } from "../config/env";
import { db } from "../db/client";
import { AppError } from "../errors";
import { log } from "../log";
import { cancelRequest } from "./actions";
import { presence, refreshMs } from "./presence";
import { writePresenceEvents } from "./presence-events";

export const ABANDONED_REASON = "the agent stopped waiting";
const BATCH = 500;

/** Last seen before `cutoff` (a request nobody ever read was last seen when it was created). */
const seenBefore = (cutoff: Date) => ({ OR: [{ agentSeenAt: { lt: cutoff } }, { agentSeenAt: null, createdAt: { lt: cutoff } }] });

class Sweep {
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private startedAt = 0;

  start(): void {
    if (this.timer) return;
    this.startedAt = Date.now();
    this.timer = setInterval(() => void this.run(), refreshMs());
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async run(): Promise<{ gone: number; abandoned: number }> {
    if (this.running) return { gone: 0, abandoned: 0 };
    this.running = true;
    try {
      await presence.flush();
      // Just started (a restart or a deploy): agents and the LangGraph watcher reconnect first,
      // so a server that was down does not withdraw everything the moment it is back.
      if (Date.now() - this.startedAt < env().PRESENCE_SECONDS * 1000) return { gone: 0, abandoned: 0 };
      return { gone: await this.markGone(), abandoned: await this.abandon() };
    } catch (e) {
      log.error({ error: (e as Error).name }, "presence sweep failed; retrying at the next interval");
      return { gone: 0, abandoned: 0 };
    } finally {
      this.running = false;
    }
  }

  private async markGone(): Promise<number> {
    const now = new Date();
    const cutoff = new Date(now.getTime() - env().PRESENCE_SECONDS * 1000);
    // status first: the [status, expiresAt] index keeps this to the pending rows.
    const where = { status: "pending", agentGoneAt: null, ...seenBefore(cutoff) };
    return writePresenceEvents({ where, state: "gone", at: now, take: BATCH });
  }

  private async abandon(): Promise<number> {
    const after = env().ABANDON_AFTER;
    if (after <= 0) return 0;
    const cutoff = new Date(Date.now() - after * 1000);
    const due = await db().questionRequest.findMany({
      where: {
        status: "pending",
        agentGoneAt: { not: null },
        // An agent that asked for a callback or set its own expiry does not need to wait.
        callbackUrl: null,
        AND: [{ OR: [{ expirySource: null }, { expirySource: "default" }] }, seenBefore(cutoff)],
      },
      select: { id: true, teamId: true },
      orderBy: { id: "asc" },
      take: BATCH,
    });
    let abandoned = 0;
    for (const r of due) {
      if (presence.isHeld(r.id)) continue;
      try {
        await cancelRequest({ scope: { teamId: r.teamId }, id: r.id, reason: ABANDONED_REASON, actor: "system" });
        abandoned++;
      } catch (e) {
        if (!(e instanceof AppError && (e.code === "already_resolved" || e.code === "not_found"))) throw e;
      }
    }
    if (abandoned) log.info({ abandoned }, "withdrew requests whose agent stopped waiting");
    return abandoned;
  }
}

const g = globalThis as unknown as { __questionsPresenceSweep?: Sweep };
export const presenceSweep: Sweep = (g.__questionsPresenceSweep ??= new Sweep());
