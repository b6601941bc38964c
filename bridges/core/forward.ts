// Forward one runtime prompt to the inbox and wait for its outcome. The runtime's own request id
// is the Idempotency-Key, so forwarding the same prompt again (a retry, a restarted bridge, a
// reconcile) lands on the same request instead of asking twice.
import { ApiError, isRetryable, type CreateRequestInput, type QuestionRequest, type QuestionsClient } from "../../lib/client";
import { retrying } from "../../lib/client/http";

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

/** Creates (or finds again) the request for `item`; 201 new, 200 replayed. */
export async function submit(client: QuestionsClient, item: Item, signal?: AbortSignal): Promise<{ request: QuestionRequest; replayed: boolean }> {
  return retrying(() => client.createRaw(item.body, { idempotencyKey: item.key, signal }), {
    signal,
    deadline: Infinity,
    // 409 "in flight": an earlier attempt with this key is still being processed.
    retryable: (e) => isRetryable(e) || (e instanceof ApiError && e.type === "/problems/idempotency-in-flight"),
  });
}

/** Waits (long-polls, surviving restarts of this app) until the request is terminal. */
export async function settle(client: QuestionsClient, request: QuestionRequest, signal?: AbortSignal): Promise<Outcome> {
  const final = request.status === "pending" ? await client.wait(request.id, { signal }) : request;
  const hasSecret = final.questions.some((q) => q.secret);
  const secrets = final.status === "answered" && hasSecret ? await client.claimSecrets(final.id, { signal }) : {};
  return { request: final, secrets };
}
