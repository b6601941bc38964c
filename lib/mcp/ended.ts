// Ended MCP sessions. Session ids are stateless signed values (lib/mcp/session.ts), so ending one
// is a durable record that every instance reads: one primary-key lookup per MCP request, straight
// on the driver (through Prisma it was a fifth of an MCP wait's CPU; every get_answer renewal pays it).
import type Database from "better-sqlite3";
import { db, isUniqueViolation, pgPool, sqliteExclusive } from "../db/client";
import { isPostgres } from "../db/provider";
import type { McpSession } from "./session";

const ENDED_PG = { name: "mcp-session-ended", text: `SELECT 1 FROM "McpSessionEnd" WHERE "id" = $1` };
const ENDED_SQLITE = `SELECT 1 FROM "McpSessionEnd" WHERE "id" = ?`;
const statements = new WeakMap<Database.Database, Database.Statement>();

/** The random part of the session id: unique per session, whatever else the id carries. */
const keyOf = (session: McpSession) => session.id.split(".")[0]!;

export async function isEnded(session: McpSession): Promise<boolean> {
  const key = keyOf(session);
  if (isPostgres()) return ((await pgPool().query({ ...ENDED_PG, values: [key] })).rowCount ?? 0) > 0;
  return sqliteExclusive((c) => {
    let statement = statements.get(c);
    if (!statement) statements.set(c, (statement = c.prepare(ENDED_SQLITE)));
    return statement.get(key) !== undefined;
  });
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
