// Reads a client's event stream until a condition holds. A condition not met within the
// collector's own timeout fails with a message saying what was awaited and what came instead,
// well before vitest's test timeout would kill a hung test.
import { inject } from "vitest";
import type { QuestionEvent, QuestionsClient } from "@openoxide/questions-client";
import { rawQuery } from "./raw-db";

type Opts = { lastEventId?: number; reconnect?: boolean };
type Until = (seen: QuestionEvent[]) => boolean;

const DEFAULT_TIMEOUT_MS = 15_000;

/** An open stream: `until` resolves with everything seen once the condition holds; `close` ends it. */
export function subscribe(client: QuestionsClient, opts: Opts = {}) {
  const controller = new AbortController();
  const seen: QuestionEvent[] = [];
  const waiting = new Set<() => void>();
  let failed: unknown = null;
  let ended = false;
  const check = () => {
    for (const w of [...waiting]) w();
  };
  void (async () => {
    try {
      for await (const e of client.events({ ...opts, signal: controller.signal })) {
        seen.push(e);
        check();
      }
    } catch (e) {
      if (!controller.signal.aborted) failed = e;
    } finally {
      ended = true;
      check();
    }
  })();

  function until(cond: Until, what: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<QuestionEvent[]> {
    return new Promise((resolve, reject) => {
      const done = (error?: Error) => {
        waiting.delete(test);
        clearTimeout(timer);
        if (error) reject(error);
        else resolve([...seen]);
      };
      const test = () => {
        if (cond(seen)) return done();
        if (failed) return done(new Error(`event stream failed while awaiting ${what}: ${String(failed)}`));
        if (ended) return done(new Error(`event stream ended before ${what} (saw ${describe(seen)})`));
      };
      const timer = setTimeout(() => done(new Error(`event stream: ${what} did not arrive within ${timeoutMs / 1000} s (saw ${describe(seen)})`)), timeoutMs);
      waiting.add(test);
      test();
    });
  }
  return { until, seen, close: () => controller.abort() };
}

/** Opens a stream, reads until `until` holds (or fails after timeoutMs), then closes it. */
export async function collect(client: QuestionsClient, opts: Opts, until: Until, what = "the awaited events", timeoutMs = DEFAULT_TIMEOUT_MS): Promise<QuestionEvent[]> {
  const stream = subscribe(client, opts);
  try {
    return await stream.until(until, what, timeoutMs);
  } finally {
    stream.close();
  }
}

/** The suite database's newest event id: a stream resumed from it replays what a test does next. */
export async function newestEventId(dataDir = inject("dataDir")): Promise<number> {
  const [row] = await rawQuery<{ n: number | string | null }>(dataDir, `SELECT MAX(id) AS n FROM "Event"`);
  return Number(row?.n ?? 0);
}

function describe(seen: QuestionEvent[]): string {
  const tail = seen.slice(-5).map((e) => `${e.id} ${e.type} ${e.requestId}`);
  return `${seen.length} events${tail.length ? `, last: ${tail.join("; ")}` : ""}`;
}
