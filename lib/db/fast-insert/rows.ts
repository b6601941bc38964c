// The rows a create writes, as the fast insert sends them: every column named, in a fixed order,
// with the defaults Prisma's schema would have applied filled in, so a row written here equals the
// one Prisma would have written (fast-insert.test.ts compares them column by column).
import type { Prisma } from "../generated/sqlite/client.ts";
import type { PreparedEntry } from "../../audit/entry";

// Dates are Date objects: a string would be stored as it is, unlike Prisma, which parses it.
type Dated<T> = { [K in keyof T]: Date extends T[K] ? Exclude<T[K], string> : T[K] };
export type RequestInsert = Dated<Prisma.QuestionRequestCreateManyInput> & { createdAt: Date };
export type EventInsert = { teamId: string; requestId: string; tokenId: string | null; type: string; payload: string; createdAt: Date };
export type DeliveryInsert = Dated<Prisma.DeliveryCreateManyInput> & { createdAt: Date; nextAttemptAt: Date };
export type IdempotencyInsert = { tokenId: string; key: string; requestHash: string; requestId: string; createdAt: Date; expiresAt: Date };

export type CreateWrite = {
  request: RequestInsert;
  event: EventInsert;
  deliveries: DeliveryInsert[];
  idempotency?: IdempotencyInsert;
  /** a create that is already a decision (policy, non-interactive, a rule) is audited with it */
  audit?: PreparedEntry;
};

type Value = string | number | Date | null;
export type Table = { name: string; columns: string[]; defaults: Record<string, Value> };

export const REQUEST: Table = {
  name: "QuestionRequest",
  columns: [
    "id", "teamId", "tokenId", "status", "source", "mode", "title", "context", "agentName", "sessionId", "turnId", "toolCallId",
    "parentRequestId", "questions", "response", "searchText", "createdAt", "expiresAt", "resolvedAt", "resolvedBy", "version", "callbackUrl", "cwd", "approvals",
    "expirySource", "mcpSessionId", "escalatedAt",
    "fingerprint", "kind", "answerDigest", "waitSeconds",
  ],
  defaults: { status: "pending", searchText: "", version: 1 },
};
export const EVENT: Table = { name: "Event", columns: ["teamId", "requestId", "tokenId", "type", "payload", "createdAt"], defaults: {} };
export const DELIVERY: Table = {
  name: "Delivery",
  columns: [
    "id", "teamId", "requestId", "kind", "webhookId", "userId", "target", "dedupe", "type", "body", "status", "attempts", "nextAttemptAt",
    "deadlineAt", "leaseId", "leaseUntil", "responseCode", "responseExcerpt", "lastError", "createdAt", "sentAt",
    "destination",
  ],
  defaults: { status: "pending", attempts: 0 },
};
export const IDEMPOTENCY: Table = { name: "IdempotencyRecord", columns: ["tokenId", "key", "requestHash", "requestId", "createdAt", "expiresAt"], defaults: {} };

/** The row's values in the table's column order; a column left out gets its default, else null. */
export function values(table: Table, row: object, encodeDate: (d: Date) => string): (string | number | null)[] {
  const r = row as Record<string, Value | undefined>;
  return table.columns.map((c) => {
    const v = r[c] ?? table.defaults[c] ?? null;
    return v instanceof Date ? encodeDate(v) : v;
  });
}

export const quoted = (columns: string[]) => columns.map((c) => `"${c}"`).join(", ");

/**
 * A unique violation shaped like Prisma's (code P2002), so the callers' handling (an
 * Idempotency-Key raced by another create) is the same on either path.
 */
export class UniqueViolation extends Error {
  readonly code = "P2002";
  constructor(readonly table: string) {
    super(`Unique constraint failed on ${table}`);
    this.name = "UniqueViolation";
  }
}
