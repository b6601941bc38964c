// Draining on SIGTERM: open waits end with a retryable 503 and SSE streams close with a retry
// hint, so clients re-attach to another instance instead of hanging on a dying one.
class Shutdown {
  private resolveDraining!: () => void;
  readonly draining = new Promise<void>((resolve) => (this.resolveDraining = resolve));
  isDraining = false;

  begin(): void {
    if (this.isDraining) return;
    this.isDraining = true;
    this.resolveDraining();
  }
}

const g = globalThis as unknown as { __questionsShutdown?: Shutdown };
export const shutdown: Shutdown = (g.__questionsShutdown ??= new Shutdown());
