// Draining on SIGTERM: open waits end with a retryable 503 and SSE streams close with a retry
// hint, so clients re-attach to another instance instead of hanging on a dying one.
// A set of callbacks, not a promise: a wait adds one and removes it when it settles, whereas every
// `.then` on a process-lifetime promise stays attached (with its closure) until the end. Not the
// listeners of one AbortSignal either: Node's EventTarget scans its whole list on every add, so
// 10,000 open waits made each new one cost O(waits).
import { log } from "./log";

class Shutdown {
  private readonly controller = new AbortController();
  private readonly drains = new Set<() => void>();
  readonly signal: AbortSignal = this.controller.signal;

  get isDraining(): boolean {
    return this.signal.aborted;
  }

  begin(): void {
    if (this.isDraining) return;
    this.controller.abort();
    const fns = [...this.drains];
    this.drains.clear();
    for (const fn of fns) {
      try {
        fn();
      } catch (e) {
        // One failing wait must not keep the others from ending.
        log.error({ error: (e as Error)?.name }, "drain callback failed");
      }
    }
  }

  /** Calls `fn` once when draining starts (at once if it has); the returned function detaches it. */
  onDrain(fn: () => void): () => void {
    if (this.isDraining) {
      fn();
      return () => {};
    }
    this.drains.add(fn);
    return () => void this.drains.delete(fn);
  }
}

const g = globalThis as unknown as { __questionsShutdown?: Shutdown };
export const shutdown: Shutdown = (g.__questionsShutdown ??= new Shutdown());
