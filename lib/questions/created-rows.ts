// The rows of pending requests this process just created, kept for the decision that follows
// (lib/questions/transitions.ts): it starts from the row as created instead of reading it back,
// which on PostgreSQL was a round trip on the way from a reviewer's reply to the waiting agent.
// A kept row is only ever a starting point: the decision's conditional update still requires the
// request pending, at the row's version and not escalated (the one visible change that keeps the
// version), so a row another instance changed meanwhile loses the update and the decision reads
// it afresh. Rows leave at the request's next event, or oldest first past MAX_ROWS.
import type { RequestKey, RequestWithSecrets } from "../db/fast-read";
import type { RequestRow } from "../db/types";
import { hub } from "../events/hub";

const MAX_ROWS = 1_000;

const g = globalThis as unknown as { __questionsCreatedRows?: Map<string, RequestWithSecrets> };

function rows(): Map<string, RequestWithSecrets> {
  if (g.__questionsCreatedRows) return g.__questionsCreatedRows;
  const kept = (g.__questionsCreatedRows = new Map());
  hub.subscribe((event) => {
    if (event.type !== "request.created") kept.delete(event.requestId);
  });
  return kept;
}

/** After the create's commit, its row (./request-writes.ts createdRow). A request decided at its create (a rule, the policy) is not kept. */
export function rememberCreated(row: RequestRow): void {
  if (row.status !== "pending") return;
  const kept = rows();
  kept.set(row.id, { ...row, secrets: [] });
  if (kept.size > MAX_ROWS) kept.delete(kept.keys().next().value!);
}

/** The kept row of `key`'s request when its team (and token) match; null: read it. */
export function createdRowOf(key: RequestKey): RequestWithSecrets | null {
  const row = g.__questionsCreatedRows?.get(key.id);
  if (!row || row.teamId !== key.teamId || (key.tokenId !== undefined && row.tokenId !== key.tokenId)) return null;
  return row;
}

export function forgetCreated(id: string): void {
  g.__questionsCreatedRows?.delete(id);
}
