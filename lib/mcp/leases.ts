// What one MCP POST may cost. A JSON-RPC batch is bounded (MAX_BATCH messages) and spends one unit
// of the token's rate budget per message (the POST itself paid for the first), and every tool call
// that will wait holds a wait lease (lib/events/waits.ts) as a REST long-poll does: counted in
// WAITS_PER_TOKEN, ended when the token is revoked. Both are taken before any message is handled,
// so a POST over either limit is refused whole (429) and creates nothing.
import { rateLimit } from "../api/rate-limit";
import { waits, type Lease } from "../events/waits";
import { waitsFor } from "./tools";

export const MAX_BATCH = 10;

type Message = { id?: unknown; method?: unknown; params?: { name?: unknown; arguments?: unknown } };

const keyOf = (id: unknown) => `${typeof id}:${String(id)}`;

/** The leases of one POST's waiting tool calls, by JSON-RPC id. */
export class CallLeases {
  private readonly leases = new Map<string, Lease>();

  add(id: unknown, lease: Lease): void {
    this.leases.set(keyOf(id), lease);
  }

  /** The lease reserved for the tools/call with this id. */
  get(id: unknown): Lease | undefined {
    return this.leases.get(keyOf(id));
  }

  /** Frees the slot of the call with this id (its response is going out, or it never ran). */
  release(id: unknown): void {
    const key = keyOf(id);
    this.leases.get(key)?.release();
    this.leases.delete(key);
  }

  releaseAll(): void {
    for (const lease of this.leases.values()) lease.release();
    this.leases.clear();
  }
}

/** Messages of a POST body; null when a batch is over MAX_BATCH or repeats a request id. */
export function messagesOf(raw: unknown): Message[] | null {
  const messages = (Array.isArray(raw) ? raw : [raw]).filter((m): m is Message => typeof m === "object" && m !== null);
  if (messages.length > MAX_BATCH) return null;
  const ids = messages.filter((m) => m.id !== undefined && typeof m.method === "string").map((m) => keyOf(m.id));
  return new Set(ids).size === ids.length ? messages : null;
}

/**
 * Charges the batch's extra messages to the token's budget and reserves a lease for each tool call
 * that will wait (429 when the budget or WAITS_PER_TOKEN does not allow them all; nothing held then).
 */
export async function reserveCalls(tokenId: string, messages: Message[], signal: AbortSignal): Promise<CallLeases> {
  if (messages.length > 1) await rateLimit(`tok:${tokenId}`, messages.length - 1);
  const leases = new CallLeases();
  try {
    for (const m of messages) {
      if (m.method === "tools/call" && m.id !== undefined && waitsFor(m.params?.name, m.params?.arguments)) {
        leases.add(m.id, waits.forToken(tokenId, signal));
      }
    }
  } catch (e) {
    leases.releaseAll();
    throw e;
  }
  return leases;
}
