// Forward one runtime prompt to the inbox and wait for its outcome. The runtime's own request id
// is the Idempotency-Key, so forwarding the same prompt again (a retry, a restarted bridge, a
// reconcile) lands on the same request instead of asking twice.
import { ApiError, isRetryable, type CreateRequestInput, type QuestionRequest, type QuestionsClient } from "@openoxide/questions-client";
import { retrying } from "@openoxide/questions-client";
import { run, withdrawnByBridge } from "./withdraw.ts";

export interface Item {
  /** The runtime's id for the prompt; sent as the Idempotency-Key (prefixed per runtime). */
  key: string;
  body: CreateRequestInput;
}

export interface Outcome {
  request: QuestionRequest;
  /** Plaintext secret answers, claimed once; only present when the request had secret questions. */
  secrets: Record<string, string>;
}

/**
 * Creates (or finds again) the request for `item`; 201 new, 200 replayed. One that a stopped
 * bridge withdrew is asked again under the next key (`key~2`, …): the runtime still waits for it.
 */
export async function submit(client: QuestionsClient, item: Item, signal?: AbortSignal): Promise<{ request: QuestionRequest; replayed: boolean }> {
  for (let n = 1; ; n++) {
    const idempotencyKey = n === 1 ? item.key : `${item.key}~${n}`;
    const created = retrying(() => client.createRaw(item.body, { idempotencyKey, signal }), {
      signal,
      deadline: Infinity,
      // 409 "in flight": an earlier attempt with this key is still being processed.
      retryable: (e) => isRetryable(e) || (e instanceof ApiError && e.type === "/problems/idempotency-in-flight"),
    });
    const result = await run.creatingRequest(created);
    if (result.replayed && withdrawnByBridge(result.request)) continue;
    run.track(result.request);
    return result;
  }
}

/** Waits (long-polls, surviving restarts of this app) until the request is terminal. */
export async function settle(client: QuestionsClient, request: QuestionRequest, signal?: AbortSignal): Promise<Outcome> {
  const stop = signal ? AbortSignal.any([signal, run.stopping]) : run.stopping;
  const final = request.status === "pending" ? await client.wait(request.id, { signal: stop }) : request;
  // Exiting: this outcome may be our own withdrawal, which must not reach the runtime.
  if (run.stopping.aborted) throw new Error("the bridge is stopping");
  run.settled(final.id);
  const hasSecret = final.questions.some((q) => q.secret);
  const secrets = final.status === "answered" && hasSecret ? await client.claimSecrets(final.id, { signal }) : {};
  return { request: final, secrets };
}
