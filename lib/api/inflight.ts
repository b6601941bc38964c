// Counts API requests in progress, so shutdown can release the database pool after the last one.
class Inflight {
  private count = 0;
  private waiters: (() => void)[] = [];

  enter(): void {
    this.count++;
  }

  leave(): void {
    this.count = Math.max(0, this.count - 1);
    if (this.count === 0) for (const w of this.waiters.splice(0)) w();
  }

  idle(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }
}

const g = globalThis as unknown as { __questionsInflight?: Inflight };
export const inflight: Inflight = (g.__questionsInflight ??= new Inflight());
