// One open long-poll's interest in a request (hub.watch). With 10,000 waits open, what each holds
// is the server's memory: so one object, one promise and one timer per wait, and no closures —
// the hub calls wake(), the timer and abort call back into the same object (handleEvent), and
// draining stops every watch from one hook in the hub.
import type { EventRow } from "../db/types";
import { shutdown } from "../shutdown";

/** What a wait listens to for "stop now": an AbortSignal, or a lease of lib/events/waits.ts. */
export type StopSignal = {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: EventListenerObject, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: EventListenerObject): void;
};

function timeUp(watch: Watch): void {
  watch.stop();
}

export class Watch {
  /** the row that woke it, kept when it came before sleep() */
  private row: EventRow | undefined = undefined;
  private woken = false;
  private resolve: ((row: EventRow | undefined) => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private signal: StopSignal | null = null;

  constructor(
    private readonly set: Set<Watch>,
    private readonly all: Map<string, Set<Watch>>,
    private readonly requestId: string,
  ) {}

  /** In sleep(): past its read, parked until an event, its time or an abort ends it. */
  get parked(): boolean {
    return this.resolve !== null;
  }

  /** The hub: an event of this request was committed. */
  wake(row: EventRow): void {
    if (this.woken) return;
    this.woken = true;
    this.row = row;
    this.settle(row);
  }

  /** Ends the sleep with undefined (timeout, abort, drain). */
  stop(): void {
    this.settle(undefined);
  }

  /** The abort listener (an object, not a closure). */
  handleEvent(): void {
    this.stop();
  }

  /**
   * Resolves with the event row when a change woke it (also one that came before this call),
   * undefined after `ms`, on abort or on drain. Call once.
   */
  sleep(ms: number, signal?: StopSignal): Promise<EventRow | undefined> {
    if (this.woken) return Promise.resolve(this.row);
    if (signal?.aborted || shutdown.isDraining) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      this.resolve = resolve;
      this.timer = setTimeout(timeUp, ms, this);
      if (signal) {
        this.signal = signal;
        signal.addEventListener("abort", this, { once: true });
      }
    });
  }

  private settle(row: EventRow | undefined): void {
    const resolve = this.resolve;
    if (!resolve) return;
    this.resolve = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.signal?.removeEventListener("abort", this);
    this.signal = null;
    resolve(row);
  }

  /** Leaves the hub; settles a sleep still under way. Nothing outlives the wait. */
  dispose(): void {
    this.settle(undefined);
    this.set.delete(this);
    if (this.set.size === 0 && this.all.get(this.requestId) === this.set) this.all.delete(this.requestId);
  }
}
