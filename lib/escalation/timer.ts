// One timer per process for the next escalation due, like expiry (lib/questions/expiry.ts): a
// sweep finds pending, not yet escalated requests past their team's delay and escalates them
// (lib/escalation/escalate.ts makes that once across instances), then arms for the next one due.
// A request created afterwards arms the timer through the hub (lib/background.ts); a sweep every
// minute covers settings changed on another instance.
import { db } from "../db/client";
import { log } from "../log";
import { escalateRequest } from "./escalate";
import { parseList } from "./settings";

const SAFETY_SWEEP_MS = 60_000;

class Escalation {
  private timer: NodeJS.Timeout | null = null;
  private armedFor: number | null = null;
  private running = false;
  private rerun = false;
  /** team id → delay in seconds, for the teams that escalate (as of the last sweep) */
  delays = new Map<string, number>();

  schedule(at: number): void {
    if (this.armedFor !== null && this.armedFor <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.armedFor = at;
    this.timer = setTimeout(() => void this.run(), Math.max(at - Date.now(), 0));
    this.timer.unref();
  }

  /** A request was created: arm for its escalation when its team escalates. */
  created(teamId: string, createdAt: string): void {
    const delay = this.delays.get(teamId);
    if (delay !== undefined) this.schedule(Date.parse(createdAt) + delay * 1000);
  }

  async run(): Promise<number> {
    if (this.running) {
      this.rerun = true;
      return 0;
    }
    this.running = true;
    this.timer = null;
    this.armedFor = null;
    let escalated = 0;
    let next = Date.now() + SAFETY_SWEEP_MS;
    try {
      const teams = await db().team.findMany({ where: { escalateAfterSeconds: { not: null } }, select: { id: true, escalateAfterSeconds: true, escalation: true } });
      this.delays = new Map(teams.map((t) => [t.id, t.escalateAfterSeconds!]));
      for (const t of teams) {
        const after = t.escalateAfterSeconds!;
        const list = parseList(t.escalation);
        for (;;) {
          const cutoff = new Date(Date.now() - after * 1000);
          const due = await db().questionRequest.findMany({
            where: { teamId: t.id, status: "pending", escalatedAt: null, createdAt: { lte: cutoff } },
            select: { id: true },
            orderBy: { id: "asc" },
            take: 100,
          });
          for (const r of due) if (await escalateRequest(r.id, t.id, list, after)) escalated++;
          if (due.length < 100) break;
        }
        const oldest = await db().questionRequest.findFirst({
          where: { teamId: t.id, status: "pending", escalatedAt: null },
          orderBy: { id: "asc" },
          select: { createdAt: true },
        });
        if (oldest) next = Math.min(next, oldest.createdAt.getTime() + after * 1000);
      }
    } catch (e) {
      log.error({ err: e }, "escalation run failed; retrying in 5 s");
      next = Date.now() + 5000;
    } finally {
      this.running = false;
    }
    this.schedule(next);
    if (this.rerun) {
      this.rerun = false;
      escalated += await this.run();
    }
    return escalated;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.armedFor = null;
  }
}

const g = globalThis as unknown as { __questionsEscalation?: Escalation };
export const escalation: Escalation = (g.__questionsEscalation ??= new Escalation());
