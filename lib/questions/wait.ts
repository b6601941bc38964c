// Long-poll: watch first, then read, so an answer landing in between still wakes us.
import { AppError } from "../errors";
import { hub } from "../events/hub";
import { shutdown } from "../shutdown";
import { expireRequest } from "./actions";
import { requireRequest, type Scope } from "./read";
import type { QuestionRequest } from "./schemas";

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
      await sleep(Math.min(remaining, expiresIn + 5), [watch.changed, shutdown.draining], signal);
      if (shutdown.isDraining) {
        throw new AppError("unavailable", "The server is shutting down; wait again.", undefined, { "retry-after": "1" });
      }
    } finally {
      watch.dispose();
    }
  }
}

function sleep(ms: number, wakers: Promise<void>[], signal?: AbortSignal): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    onAbort = resolve;
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  return Promise.race([timeout, ...wakers]).finally(() => {
    clearTimeout(timer);
    if (onAbort) signal?.removeEventListener("abort", onAbort);
  });
}
