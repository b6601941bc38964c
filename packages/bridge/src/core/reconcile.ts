// Both sides' pending lists, compared: a runtime prompt with no live forward gets one (forward is
// idempotent, so one forwarded before a restart is found again), and an inbox request whose
// runtime prompt is gone (answered or dismissed in the runtime itself) is withdrawn here.
import type { QuestionRequest, QuestionsClient } from "@openoxide/questions-client";

/** Every pending request this token made for `agent` (FIFO pages). */
export async function pendingRequests(client: QuestionsClient, agent: string, signal?: AbortSignal): Promise<QuestionRequest[]> {
  const all: QuestionRequest[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.list({ status: "pending", agent, limit: 100, cursor }, { signal });
    all.push(...page.data);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

/** Inbox requests whose runtime prompt (by `runtimeIdOf`) is no longer pending in the runtime. */
export function orphans(ours: QuestionRequest[], runtimePending: Set<string>, runtimeIdOf: (r: QuestionRequest) => string | null): QuestionRequest[] {
  return ours.filter((r) => {
    const id = runtimeIdOf(r);
    return id !== null && !runtimePending.has(id);
  });
}
