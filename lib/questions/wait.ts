// Long-poll: watch first, then read, so an answer landing in between still wakes us.
import { AppError } from "../errors";
import { hub } from "../events/hub";
import type { StopSignal } from "../events/watch";
import { shutdown } from "../shutdown";
import { expireRequest } from "./actions";
import { requireRequest, type Scope } from "./read";
import type { QuestionRequest } from "./schemas";
import type { EventRow } from "../db/types";

// An event row's payload parsed once, however many waiters it wakes, and the payload kept as the
// view's JSON text (viewJson), so a wake-up neither parses nor serializes per waiter. The view
// is the same for every scope (secret answers are metadata only, lib/questions/view.ts): only
// who may wait is scoped, and that was checked by the read before the wait.
// Shared objects: callers must not mutate what waitForRequest returns.
const g = globalThis as unknown as { __questionsViewCache?: { byRow: WeakMap<EventRow, QuestionRequest>; text: WeakMap<QuestionRequest, string> } };
const cache = (g.__questionsViewCache ??= { byRow: new WeakMap(), text: new WeakMap() });

function viewOf(row: EventRow): QuestionRequest {
  let view = cache.byRow.get(row);
  if (!view) {
    view = JSON.parse(row.payload) as QuestionRequest;
    cache.byRow.set(row, view);
    cache.text.set(view, row.payload);
  }
  return view;
}

/** The JSON text of a request view: the event payload it came from when there is one. */
export function viewJson(request: QuestionRequest): string {
  return cache.text.get(request) ?? JSON.stringify(request);
}

export async function waitForRequest(scope: Scope, id: string, waitMs: number, signal?: StopSignal): Promise<QuestionRequest> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const watch = hub.watch(id);
    try {
      const next = await readOrSleep(scope, id, deadline, signal);
      if (typeof next !== "number") return next;
      if (next === 0) continue;
      const woken = await watch.sleep(next, signal);
      if (shutdown.isDraining) {
        throw new AppError("unavailable", "The server is shutting down; wait again.", undefined, { "retry-after": "1" });
      }
      // The event carries the request as it became (same view a read gives): with thousands of
      // waiters woken at once, skipping a read per waiter is what keeps the wake-up fast.
      if (woken) {
        const after = viewOf(woken);
        if (after.status !== "pending") return after;
      }
    } finally {
      watch.dispose();
    }
  }
}

/**
 * The read before a sleep: the request when the wait is over, else how long to sleep (0: it just
 * expired, read again). A function of its own so the read's view (a KB or two) is not kept alive
 * by the suspended wait for all of its sleep.
 */
async function readOrSleep(scope: Scope, id: string, deadline: number, signal?: StopSignal): Promise<QuestionRequest | number> {
  const request = await requireRequest(scope, id);
  const remaining = deadline - Date.now();
  if (request.status !== "pending" || remaining <= 0 || signal?.aborted) return request;
  const expiresIn = request.expiresAt ? Date.parse(request.expiresAt) - Date.now() : Infinity;
  if (expiresIn <= 0) {
    // The expiry timer may lag behind the clock; never hand out a stale "pending".
    await expireRequest(id, scope.teamId);
    return 0;
  }
  return Math.min(remaining, expiresIn + 5);
}
