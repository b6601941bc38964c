// Bearer-token authentication for /api/v1. Session cookies are ignored here by design.
import { db } from "../db/client";
import { AppError } from "../errors";
import type { Principal } from "./principal";
import { hashToken, isWellFormed, type Scope } from "./tokens";

const LAST_USED_EVERY_MS = 60_000;
const lastUsedWritten = new Map<string, number>();

export async function authenticate(req: Request): Promise<Principal> {
  const header = req.headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new AppError("unauthorized", "Send Authorization: Bearer <token>.", undefined, { "www-authenticate": "Bearer" });
  const token = match[1]!;
  if (!isWellFormed(token)) throw new AppError("unauthorized", "The token is malformed.", undefined, { "www-authenticate": "Bearer" });
  const row = await db().apiToken.findUnique({ where: { hash: hashToken(token) }, include: { team: true } });
  if (!row || row.revokedAt) {
    throw new AppError("unauthorized", "The token is unknown or revoked.", undefined, { "www-authenticate": "Bearer" });
  }
  touch(row.id);
  return {
    kind: "token",
    tokenId: row.id,
    tokenName: row.name,
    teamId: row.teamId,
    scopes: row.scopes.split(",") as Scope[],
    policy: row.policy === "deny" || row.team.policy === "deny" ? "deny" : "allow",
  };
}

/** Last-used time, written at most once a minute per token so reads stay reads. */
function touch(tokenId: string): void {
  const now = Date.now();
  if (now - (lastUsedWritten.get(tokenId) ?? 0) < LAST_USED_EVERY_MS) return;
  lastUsedWritten.set(tokenId, now);
  void db()
    .apiToken.update({ where: { id: tokenId }, data: { lastUsedAt: new Date(now) } })
    .catch(() => lastUsedWritten.delete(tokenId));
}
