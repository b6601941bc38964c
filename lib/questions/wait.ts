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
      const woken = await sleep(Math.min(remaining, expiresIn + 5), [watch.changed, shutdown.draining], signal);
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

/** Resolves with the event row when a change woke it, undefined on timeout, abort or drain. */
function sleep(ms: number, wakers: [Promise<EventRow>, Promise<void>], signal?: AbortSignal): Promise<EventRow | undefined> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
    onAbort = () => resolve(undefined);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  const [changed, draining] = wakers;
  return Promise.race([timeout, changed, draining.then(() => undefined)]).finally(() => {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  });
}
