// One timer per process for the nearest expiresAt, re-armed after each run and whenever an
// earlier deadline appears. Expiry is the same conditional write as any other change, so two
// instances racing produce one `expired` event.
import { db } from "../db/client";
import { log } from "../log";
import { expireRequest } from "./actions";

const MAX_DELAY = 2 ** 31 - 1;

class Expiry {
  private timer: NodeJS.Timeout | null = null;
  private armedFor: number | null = null;
  private running = false;
  private rerun = false;

  schedule(at: Date): void {
    const when = at.getTime();
    if (this.armedFor !== null && this.armedFor <= when) return;
    this.arm(when);
  }

  private arm(when: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.armedFor = when;
    const delay = Math.min(Math.max(when - Date.now(), 0), MAX_DELAY);
    this.timer = setTimeout(() => void this.run(), delay);
    this.timer.unref();
  }

  /** Expire everything due, then arm for the next deadline. Also the start-up sweep. */
  async run(): Promise<number> {
    if (this.running) {
      this.rerun = true;
      return 0;
    }
    this.running = true;
    this.timer = null;
    this.armedFor = null;
    let expired = 0;
    try {
      for (;;) {
        const now = new Date();
        const due = await db().questionRequest.findMany({
          where: { status: "pending", expiresAt: { lte: now } },
          select: { id: true, teamId: true },
          orderBy: { expiresAt: "asc" },
          take: 100,
        });
        for (const r of due) if (await expireRequest(r.id, r.teamId, now)) expired++;
        if (due.length < 100) break;
      }
      const next = await db().questionRequest.findFirst({
        where: { status: "pending", expiresAt: { not: null } },
        orderBy: { expiresAt: "asc" },
        select: { expiresAt: true },
      });
      if (next?.expiresAt) this.schedule(next.expiresAt);
    } catch (e) {
      log.error({ err: e }, "expiry run failed; retrying in 5 s");
      this.arm(Date.now() + 5000);
    } finally {
      this.running = false;
    }
    if (this.rerun) {
      this.rerun = false;
      expired += await this.run();
    }
    return expired;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.armedFor = null;
  }
}

const g = globalThis as unknown as { __questionsExpiry?: Expiry };
export const expiry: Expiry = (g.__questionsExpiry ??= new Expiry());
