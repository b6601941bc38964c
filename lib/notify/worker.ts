// The delivery worker, one per process: woken by the writers of outbox rows (lib/notify/wake.ts;
// on PostgreSQL another instance's NOTIFY) and by a poll timer for retries that come due. Claims are leased,
// so any number of instances can run it. It never waits for a send: each claimed delivery goes
// out on its own, at most NOTIFY_PER_DESTINATION at once per destination (lib/notify/destinations.ts)
// and NOTIFY_CONCURRENCY in all, so a receiver that never answers holds only its own slots. A send
// still unanswered after STALLED_MS stops counting toward NOTIFY_CONCURRENCY (it is an idle socket
// by then): a few stalled receivers cannot take every slot and hold everyone else's deliveries
// until they time out.
import { log } from "../log";
import { claimDue, sweepFinished, unclaim, type DeliveryRow } from "./delivery-writes";
import { notifyConfig } from "./config";
import { destinationOf } from "./destinations";
import { deliver } from "./send";

const BATCH = 10;
const STALLED_MS = 1000;
// Stalled sends still open are bounded too (each destination's are, by NOTIFY_PER_DESTINATION).
const OPEN_PER_SLOT = 8;
// Finished deliveries stay in the log this long, then an hourly sweep removes them.
const KEEP_FINISHED_MS = 30 * 24 * 3600_000;

class Worker {
  private running = false;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private current: Promise<void> = Promise.resolve();
  /** sends under way, how many of them count toward NOTIFY_CONCURRENCY (not stalled), and how many per destination */
  private readonly sending = new Set<Promise<void>>();
  private active = 0;
  private readonly perDestination = new Map<string, number>();

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
      while (!this.stopped && (await this.claimSome()));
    } while (this.again && !this.stopped);
  }

  /** One claim for the free slots; false when there was nothing to claim or no slot free. */
  private async claimSome(): Promise<boolean> {
    const { concurrency, perDestination } = notifyConfig();
    const free = Math.min(concurrency - this.active, concurrency * OPEN_PER_SLOT - this.sending.size);
    if (free <= 0) return false;
    const skip = [...this.perDestination].filter(([, n]) => n >= perDestination).map(([d]) => d);
    const claimed = await claimDue(Math.min(free, BATCH), { mail: Boolean(notifyConfig().smtpUrl), skip });
    const over: DeliveryRow[] = [];
    for (const d of claimed) {
      const destination = destinationOf(d);
      if ((this.perDestination.get(destination) ?? 0) >= perDestination) over.push(d);
      else this.send(d, destination);
    }
    // More of one destination than it may take at once: back to the queue. The next claim skips
    // that destination, except in rows from before the column existed: stop then, or we would spin.
    await unclaim(over);
    return claimed.length > 0 && over.every((d) => d.destination !== null);
  }

  private send(d: DeliveryRow, destination: string): void {
    this.perDestination.set(destination, (this.perDestination.get(destination) ?? 0) + 1);
    this.active++;
    let counted = true;
    const uncount = () => {
      if (!counted) return;
      counted = false;
      this.active--;
    };
    const stalled = setTimeout(() => (uncount(), this.poke()), STALLED_MS);
    stalled.unref();
    const sending: Promise<void> = deliver(d)
      .catch((e) => log.error({ error: (e as Error).name, code: (e as { code?: string }).code }, "delivery failed"))
      .finally(() => {
        clearTimeout(stalled);
        uncount();
        this.sending.delete(sending);
        const left = (this.perDestination.get(destination) ?? 1) - 1;
        if (left > 0) this.perDestination.set(destination, left);
        else this.perDestination.delete(destination);
        this.poke(); // a slot is free
      });
    this.sending.add(sending);
  }

  /** Stop claiming; let the attempts in flight record their outcome (each ends by NOTIFY_TIMEOUT_MS). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.sweeper) clearInterval(this.sweeper);
    this.timer = this.sweeper = null;
    await this.current;
    await Promise.all(this.sending);
  }
}

const g = globalThis as unknown as { __notifyWorker?: Worker };
export const notifyWorker: Worker = (g.__notifyWorker ??= new Worker());
