// Event rows whose writing transaction found the request's token not revoked. An MCP wait checks
// its token before handing over an answer (lib/events/waits.ts confirm); when the decision that
// woke it read the token in its own transaction — after the event lock, which a revoke also takes
// (lib/audit/append.ts) — that check is already made, in order with any revoke, and the wait need
// not read the token again on the way from the reviewer's reply to the agent.
import type { EventRow } from "../db/types";

const live = new WeakSet<EventRow>();

export function markTokenLive(row: EventRow): void {
  live.add(row);
}

/** The token the row's transaction found live, or null when it was not checked there. */
export function tokenLiveAtCommit(row: EventRow): string | null {
  return live.has(row) ? row.tokenId : null;
}
