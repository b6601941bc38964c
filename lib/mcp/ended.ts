// Ended MCP sessions. Session ids are stateless signed values (lib/mcp/session.ts), so ending one
// is a durable record that every instance reads: one primary-key lookup per MCP request, straight
// on the driver (through Prisma it was a fifth of an MCP wait's CPU; every get_answer renewal pays it),
// on PostgreSQL shared by the lookups asked while one is on its way (lib/db/batched.ts).
import type Database from "better-sqlite3";
import { batched, type Batched } from "../db/batched";
import { db, isUniqueViolation, pgPool, sqliteExclusive } from "../db/client";
import { isPostgres } from "../db/provider";
import type { McpSession } from "./session";

const ENDED_PG = { name: "mcp-sessions-ended", text: `SELECT "id" FROM "McpSessionEnd" WHERE "id" = ANY($1::text[])` };
const ENDED_SQLITE = `SELECT 1 FROM "McpSessionEnd" WHERE "id" = ?`;
const statements = new WeakMap<Database.Database, Database.Statement>();

/** The random part of the session id: unique per session, whatever else the id carries. */
const keyOf = (session: McpSession) => session.id.split(".")[0]!;

let endedPg: Batched<string, boolean> | undefined;

async function endedOf(keys: string[]): Promise<boolean[]> {
  const { rows } = await pgPool().query<{ id: string }>({ ...ENDED_PG, values: [keys] });
  const ended = new Set(rows.map((r) => r.id));
  return keys.map((k) => ended.has(k));
}

export async function isEnded(session: McpSession): Promise<boolean> {
  const key = keyOf(session);
  if (isPostgres()) return (endedPg ??= batched(2, endedOf))(key);
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
