// Draining on SIGTERM: open waits end with a retryable 503 and SSE streams close with a retry
// hint, so clients re-attach to another instance instead of hanging on a dying one.
// An AbortSignal, not a promise: a wait adds a listener and removes it when it settles, whereas
// every `.then` on a process-lifetime promise stays attached (with its closure) until the end.
class Shutdown {
  private readonly controller = new AbortController();
  readonly signal: AbortSignal = this.controller.signal;

  get isDraining(): boolean {
    return this.signal.aborted;
  }

  begin(): void {
    if (!this.isDraining) this.controller.abort();
  }

  /** Calls `fn` once when draining starts (at once if it has); the returned function detaches it. */
  onDrain(fn: () => void): () => void {
    if (this.isDraining) {
      fn();
      return () => {};
    }
    this.signal.addEventListener("abort", fn, { once: true });
    return () => this.signal.removeEventListener("abort", fn);
  }
}

const g = globalThis as unknown as { __questionsShutdown?: Shutdown };
export const shutdown: Shutdown = (g.__questionsShutdown ??= new Shutdown());
