// The process-wide event hub. Every state change commits one Event row and then pokes the hub;
// the hub reads new rows in id order and fans them out to long-poll waiters and SSE subscribers.
// Reading the rows (instead of passing objects around) makes a poke from another instance
// (PostgreSQL NOTIFY) and a local one the same thing, and a late poke loses nothing.
import { db } from "../db/client";
import type { EventRow } from "../db/types";
import { log } from "../log";

type Listener = (event: EventRow) => void;

class Hub {
  private lastId: number | null = null;
  private initializing: Promise<void> | null = null;
  private pumping = false;
  private again = false;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly waiters = new Map<string, Set<(row: EventRow) => void>>();

  /** Must resolve before the first write of the process, so no committed event is skipped. */
  ready(): Promise<void> {
    this.initializing ??= db()
      .event.aggregate({ _max: { id: true } })
      .then((r) => {
        this.lastId = r._max.id ?? 0;
      })
      .catch((e) => {
        this.initializing = null;
        throw e;
      });
    return this.initializing;
  }

  get lastDispatchedId(): number {
    return this.lastId ?? 0;
  }

  /** Something was committed (here or on another instance): deliver what is new. */
  poke(): void {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    this.pump().then(
      () => {
        this.failures = 0;
        this.pumping = false;
        if (this.again) this.poke();
      },
      (e: unknown) => {
        // A failed read (database down, pool exhausted) must not stop delivery until the next
        // write: retry on our own with backoff, for as long as it takes.
        this.failures++;
        this.pumping = false;
        const delay = Math.min(100 * 2 ** (this.failures - 1), 5000);
        log.error({ error: (e as Error)?.name, code: (e as { code?: string })?.code, failures: this.failures, retryMs: delay }, "event hub could not read new events; retrying");
        if (this.retryTimer) return;
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          this.poke();
        }, delay);
        this.retryTimer.unref();
      },
    );
  }

  private async pump(): Promise<void> {
    await this.ready();
    do {
      this.again = false;
      for (;;) {
        const rows = await db().event.findMany({ where: { id: { gt: this.lastId! } }, orderBy: { id: "asc" }, take: 500 });
        for (const row of rows) {
          this.lastId = row.id;
          this.deliver(row);
        }
        if (rows.length < 500) break;
      }
    } while (this.again);
  }

  private deliver(row: EventRow): void {
    const set = this.waiters.get(row.requestId);
    if (set) for (const wake of [...set]) wake(row); // resolves a promise: cannot throw
    for (const listener of [...this.listeners]) {
      try {
        listener(row);
      } catch (e) {
        // A broken subscriber must not stop delivery to the others, nor fail unseen.
        log.error({ error: (e as Error)?.name, eventId: row.id }, "event listener failed");
      }
    }
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Register interest in a request before reading it, so no wake-up is lost in between. */
  watch(requestId: string): { changed: Promise<EventRow>; dispose: () => void } {
    let wake!: (row: EventRow) => void;
    const changed = new Promise<EventRow>((resolve) => (wake = resolve));
    let set = this.waiters.get(requestId);
    if (!set) this.waiters.set(requestId, (set = new Set()));
    set.add(wake);
    const dispose = () => {
      set.delete(wake);
      if (set.size === 0 && this.waiters.get(requestId) === set) this.waiters.delete(requestId);
    };
    return { changed, dispose };
  }

  get stats() {
    return { listeners: this.listeners.size, watchedRequests: this.waiters.size };
  }
}

const g = globalThis as unknown as { __questionsHub?: Hub };
export const hub: Hub = (g.__questionsHub ??= new Hub());
