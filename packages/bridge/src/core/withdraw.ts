// The one place every bridge withdraws what it asked. Requests made by submit() (./forward.ts)
// are tracked until they settle; however the process ends — SIGINT, SIGTERM or SIGHUP (Ctrl-C or a
// closed terminal reach the whole process group), the runtime ending, an uncaught error — exit()
// cancels the ones still open before the process exits. What a `kill -9` leaves behind is in the
// run's journal (./journal.ts) and is withdrawn by the next start.
import { ApiError, type QuestionRequest, type QuestionsClient } from "@openoxide/questions-client";
import { describe } from "./env.ts";
import { forgetRun, recordRun, reconcileDeadRuns } from "./journal.ts";
import type { Logger } from "./log.ts";

/** Cancel reasons; a replayed request cancelled with one of them is asked again (./forward.ts). */
export const WITHDRAWN = { stopped: "the bridge stopped before anyone answered", runtimeGone: "the agent runtime became unreachable" } as const;
const SIGNALS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
const EXIT_BUDGET_MS = 8_000;

class Run {
  private client: QuestionsClient | null = null;
  private url = "";
  private log: Logger = (m) => process.stderr.write(`${m}\n`);
  private readonly open = new Set<string>();
  private readonly creating = new Set<Promise<unknown>>();
  private exiting: Promise<never> | null = null;
  private signalled: number | null = null;
  private readonly stopController = new AbortController();
  private readonly stops: Array<() => void> = [];

  /** Aborted when the run starts exiting: waits stop, and nothing is sent back to the runtime. */
  get stopping(): AbortSignal {
    return this.stopController.signal;
  }

  /** Called first when the run exits (e.g. stop the runtime's child process). */
  onStop(fn: () => void): void {
    this.stops.push(fn);
  }

  /** Connected: withdraw what dead runs left behind, then record this one. */
  async attach(client: QuestionsClient, url: string, log: Logger): Promise<void> {
    this.client = client;
    this.url = url;
    this.log = log;
    const left = await reconcileDeadRuns(url, (id) => this.cancel(id));
    if (left) log(`withdrew ${left} request(s) left pending by a bridge that was killed.`);
    recordRun(url, []);
  }

  /** A create in flight: exit() waits for it, so what it creates is withdrawn too. */
  creatingRequest<T>(p: Promise<T>): Promise<T> {
    this.creating.add(p);
    void p.finally(() => this.creating.delete(p)).catch(() => undefined);
    return p;
  }

  track(request: QuestionRequest): void {
    if (request.status !== "pending" || this.open.has(request.id)) return;
    this.open.add(request.id);
    recordRun(this.url, [...this.open]);
  }

  settled(id: string): void {
    if (!this.open.delete(id)) return;
    recordRun(this.url, [...this.open]);
  }

  /** Installs the handlers once, at the start of the CLI. */
  installHandlers(): void {
    for (const [name, n] of Object.entries(SIGNALS)) {
      process.on(name, () => {
        this.signalled ??= 128 + n;
        void this.exit(128 + n, `${name}: withdrawing open requests.`);
      });
    }
    process.on("uncaughtException", (e) => void this.exit(1, `bridge crashed: ${describe(e)}`));
    process.on("unhandledRejection", (e) => void this.exit(1, `bridge crashed: ${describe(e)}`));
  }

  /** Withdraws every open request, then exits (a signal's code wins over the run's own). */
  exit(code: number, message?: string): Promise<never> {
    this.exiting ??= (async () => {
      if (message) this.log(message);
      this.stopController.abort();
      for (const stop of this.stops) {
        try {
          stop();
        } catch {
          // stopping what is already gone
        }
      }
      const done = this.withdrawAll().catch((e: unknown) => this.log(`withdrawing failed: ${describe(e)}`));
      await Promise.race([done, new Promise((r) => setTimeout(r, EXIT_BUDGET_MS).unref())]);
      if (this.open.size === 0) forgetRun();
      process.exit(this.signalled ?? code);
    })();
    return this.exiting;
  }

  private async withdrawAll(): Promise<void> {
    await Promise.allSettled([...this.creating]);
    const ids = [...this.open];
    await Promise.all(ids.map((id) => this.cancel(id)));
    if (ids.length) this.log(`withdrew ${ids.length} open request(s): ${ids.join(", ")}.`);
  }

  private async cancel(id: string): Promise<void> {
    if (!this.client) return;
    try {
      await this.client.cancel(id, WITHDRAWN.stopped, { signal: AbortSignal.timeout(5_000) });
    } catch (e) {
      // 409: already resolved (a reviewer was faster); 404: another token's. Otherwise (the app
      // unreachable) it stays in the journal for the next start.
      if (!(e instanceof ApiError && (e.status === 404 || e.status === 409))) return;
    }
    this.settled(id);
  }
}

const g = globalThis as unknown as { __bridgeRun?: Run };
export const run: Run = (g.__bridgeRun ??= new Run());

/** A request this run withdrew earlier (or a killed run's, withdrawn at start): ask it again. */
export function withdrawnByBridge(r: QuestionRequest): boolean {
  const rejection = r.response && "rejection" in r.response ? r.response.rejection : null;
  return r.status === "cancelled" && Object.values(WITHDRAWN).some((w) => rejection?.message.includes(w));
}
