// The process-wide event hub. Every state change commits one Event row and then pokes the hub;
// the hub reads new rows in id order and fans them out to long-poll waiters and SSE subscribers.
// Reading the rows (instead of passing objects around) makes a poke from another instance
// (PostgreSQL NOTIFY) and a local one the same thing, and a late poke loses nothing.
import { db } from "../db/client";
import type { EventRow } from "../db/types";

type Listener = (event: EventRow) => void;

class Hub {
  private lastId: number | null = null;
  private initializing: Promise<void> | null = null;
  private pumping = false;
  private again = false;
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
    void this.pump().finally(() => {
      this.pumping = false;
      if (this.again) this.poke();
    });
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
    if (set) for (const wake of [...set]) wake(row);
    for (const listener of [...this.listeners]) {
      try {
        listener(row);
      } catch {
        // A broken subscriber must not stop delivery to the others.
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
