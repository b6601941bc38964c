// The delivery worker, one per process: woken by every committed event (local or, on PostgreSQL,
// another instance's NOTIFY) and by a poll timer for retries that come due. Claims are leased,
// so any number of instances can run it.
import { log } from "../log";
import { claimDue, sweepFinished } from "./claim";
import { notifyConfig } from "./config";
import { deliver } from "./send";

const BATCH = 10;
// Finished deliveries stay in the log this long, then an hourly sweep removes them.
const KEEP_FINISHED_MS = 30 * 24 * 3600_000;

class Worker {
  private running = false;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private current: Promise<void> = Promise.resolve();

  start(): void {
    if (this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => this.poke(), notifyConfig().pollMs);
    this.timer.unref();
    this.sweeper = setInterval(() => void sweepFinished(new Date(Date.now() - KEEP_FINISHED_MS)), 3600_000);
    this.sweeper.unref();
    this.poke();
  }

  poke(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.current = this.run()
      .catch((e) => log.error({ error: (e as Error).name, code: (e as { code?: string }).code }, "delivery worker failed"))
      .finally(() => {
        this.running = false;
        if (this.again) this.poke();
      });
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      while (!this.stopped) {
        const batch = await claimDue(BATCH, { mail: Boolean(notifyConfig().smtpUrl) });
        if (!batch.length) break;
        await Promise.all(batch.map((d) => deliver(d)));
      }
    } while (this.again && !this.stopped);
  }

  /** Stop claiming; let the attempts in flight record their outcome. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.sweeper) clearInterval(this.sweeper);
    this.timer = this.sweeper = null;
    await this.current;
  }
}

const g = globalThis as unknown as { __notifyWorker?: Worker };
export const notifyWorker: Worker = (g.__notifyWorker ??= new Worker());
