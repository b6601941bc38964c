// Bearer-token authentication for /api/v1. Session cookies are ignored here by design.
// The principal is cached per token hash (TOKEN_CACHE_SECONDS) and dropped by invalidate() when
// the token is revoked or its team's policy changes (docs/decisions.md, "Token cache").
import { memo, type Loaded } from "../cache/memo";
import { teamTag, tokenTag } from "../cache/tags";
import { env } from "../config/env";
import { db } from "../db/client";
import { AppError } from "../errors";
import { headerOf, type AnyRequest } from "../http/headers";
import type { Principal } from "./principal";
import { hashToken, isWellFormed, type Scope } from "./tokens";

const LAST_USED_EVERY_MS = 60_000;
const g = globalThis as unknown as { __questionsLastUsed?: Map<string, number> };
const lastUsedWritten = (g.__questionsLastUsed ??= new Map<string, number>());

export async function authenticate(req: AnyRequest): Promise<Principal> {
  const header = headerOf(req, "authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new AppError("unauthorized", "Send Authorization: Bearer <token>.", undefined, { "www-authenticate": "Bearer" });
  const token = match[1]!;
  if (!isWellFormed(token)) throw new AppError("unauthorized", "The token is malformed.", undefined, { "www-authenticate": "Bearer" });
  const hash = hashToken(token);
  const principal = await memo.load(`principal:${hash}`, env().TOKEN_CACHE_SECONDS * 1000, () => loadPrincipal(hash));
  if (!principal) {
    throw new AppError("unauthorized", "The token is unknown or revoked.", undefined, { "www-authenticate": "Bearer" });
  }
  touch(principal.tokenId);
  return principal;
}

/** Unknown and revoked tokens are never cached: only a valid principal is remembered. */
async function loadPrincipal(hash: string): Promise<Loaded<Principal | null>> {
  const row = await db().apiToken.findUnique({ where: { hash }, include: { team: { select: { policy: true, defaultExpiresSeconds: true } } } });
  if (!row || row.revokedAt) return { value: null, tags: [], cache: false };
  return {
    value: {
      kind: "token",
      tokenId: row.id,
      tokenName: row.name,
      teamId: row.teamId,
      scopes: row.scopes.split(",") as Scope[],
      policy: row.policy === "deny" || row.team.policy === "deny" ? "deny" : "allow",
      defaultExpiresSeconds: row.team.defaultExpiresSeconds,
    },
    tags: [tokenTag(row.id), teamTag(row.teamId)],
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
