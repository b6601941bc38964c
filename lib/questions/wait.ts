// Long-poll: watch first, then read, so an answer landing in between still wakes us.
import { AppError } from "../errors";
import { hub } from "../events/hub";
import { shutdown } from "../shutdown";
import { expireRequest } from "./actions";
import { requireRequest, type Scope } from "./read";
import type { QuestionRequest } from "./schemas";
import type { EventRow } from "../db/types";

export async function waitForRequest(scope: Scope, id: string, waitMs: number, signal?: AbortSignal): Promise<QuestionRequest> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const watch = hub.watch(id);
    try {
      const request = await requireRequest(scope, id);
      const remaining = deadline - Date.now();
      if (request.status !== "pending" || remaining <= 0 || signal?.aborted) return request;
      const expiresIn = request.expiresAt ? Date.parse(request.expiresAt) - Date.now() : Infinity;
      if (expiresIn <= 0) {
        // The expiry timer may lag behind the clock; never hand out a stale "pending".
        await expireRequest(id, scope.teamId);
        continue;
      }
      const woken = await sleep(Math.min(remaining, expiresIn + 5), watch.changed, signal);
      if (shutdown.isDraining) {
        throw new AppError("unavailable", "The server is shutting down; wait again.", undefined, { "retry-after": "1" });
      }
      // The event carries the request as it became (same view a read gives): with thousands of
      // waiters woken at once, skipping a read per waiter is what keeps the wake-up fast.
      if (woken) {
        const after = JSON.parse(woken.payload) as QuestionRequest;
        if (after.status !== "pending") return after;
      }
    } finally {
      watch.dispose();
    }
  }
}

/**
 * Resolves with the event row when a change woke it, undefined on timeout, abort or drain.
 * Every listener it adds is removed when it settles: nothing outlives the wait.
 */
function sleep(ms: number, changed: Promise<EventRow>, signal?: AbortSignal): Promise<EventRow | undefined> {
  return new Promise((resolve) => {
    let settled = false;
    let detachDrain = () => {};
    const done = (row?: EventRow) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", stop);
      detachDrain();
      resolve(row);
    };
    const stop = () => done(undefined);
    const timer = setTimeout(stop, ms);
    signal?.addEventListener("abort", stop, { once: true });
    detachDrain = shutdown.onDrain(stop);
    void changed.then(done);
  });
}
