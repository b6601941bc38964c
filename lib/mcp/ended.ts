// Ended MCP sessions. Session ids are stateless signed values (lib/mcp/session.ts), so ending one
// is a durable record that every instance reads: one primary-key lookup per MCP request.
import { db, isUniqueViolation } from "../db/client";
import type { McpSession } from "./session";

/** The random part of the session id: unique per session, whatever else the id carries. */
const keyOf = (session: McpSession) => session.id.split(".")[0]!;

export async function isEnded(session: McpSession): Promise<boolean> {
  return (await db().mcpSessionEnd.count({ where: { id: keyOf(session) } })) > 0;
}

/** Ends the session; false when it had ended already (a concurrent DELETE won). */
export async function endSession(tokenId: string, session: McpSession): Promise<boolean> {
  try {
    await db().mcpSessionEnd.create({ data: { id: keyOf(session), tokenId } });
    return true;
  } catch (e) {
    if (isUniqueViolation(e)) return false;
    throw e;
  }
}

/** Housekeeping: a revoked token's sessions are refused anyway (401 before any session check). */
export async function pruneEndedSessions(): Promise<number> {
  return db().$executeRawUnsafe(`DELETE FROM "McpSessionEnd" WHERE "tokenId" NOT IN (SELECT "id" FROM "ApiToken" WHERE "revokedAt" IS NULL)`);
}
