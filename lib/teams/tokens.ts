// API tokens of a team: list (never the token itself), create (shown once), revoke.
import { generateToken, hashToken, isWellFormed, parseScopes, type Scope } from "../auth/tokens";
import { invalidate } from "../cache/invalidate";
import { tokenTag } from "../cache/tags";
import { db, isUniqueViolation } from "../db/client";
import { AppError, validationError } from "../errors";
import { newId } from "../ids";
import { audited, auditWrites } from "../audit/append";
import type { AuditWho } from "../audit/entry";
import { parsePolicy, requireText, type Policy, type TeamRef } from "./teams";

export type TokenRow = {
  id: string;
  name: string;
  hint: string;
  scopes: Scope[];
  policy: Policy;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

export async function listTokens(teamId: string): Promise<TokenRow[]> {
  const rows = await db().apiToken.findMany({
    where: { teamId },
    orderBy: [{ revokedAt: { sort: "asc", nulls: "first" } }, { createdAt: "desc" }],
    select: { id: true, name: true, hint: true, scopes: true, policy: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
  return rows.map((r) => ({
    ...r,
    scopes: r.scopes.split(",") as Scope[],
    policy: r.policy === "deny" ? "deny" : "allow",
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
    revokedAt: r.revokedAt?.toISOString() ?? null,
  }));
}

function scopesOf(value: string): Scope[] {
  try {
    return parseScopes(value);
  } catch (e) {
    const message = (e as Error).message;
    throw validationError([{ path: "scopes", message }], message);
  }
}

type TokenInput = { name: string; scopes: string; policy?: string };

export function validateTokenInput(opts: TokenInput): { name: string; scopes: Scope[]; policy: Policy } {
  return { name: requireText(opts.name, "token name", 100, "name"), scopes: scopesOf(opts.scopes), policy: parsePolicy(opts.policy ?? "allow") };
}

export async function createToken(team: TeamRef, opts: TokenInput, who: AuditWho) {
  const { name, scopes, policy } = validateTokenInput(opts);
  const token = generateToken();
  const id = newId("tok");
  try {
    await db().$transaction([
      db().apiToken.create({
        data: { id, teamId: team.id, name, hash: hashToken(token), hint: token.slice(-4), scopes: scopes.join(","), policy },
      }),
      // The token itself (and its hash) never enter the trail.
      ...auditWrites(db(), { ...who, teamId: team.id, action: "token.created", target: id, details: { name, scopes, policy } }),
    ]);
  } catch (e) {
    // The partial unique index on (teamId, name) of active tokens decides, so two concurrent
    // creations of one name cannot both win (migration 20261204020000_token_name_unique).
    if (!isUniqueViolation(e)) throw e;
    const message = `a token named "${name}" already exists in this team; choose another name, or revoke that token first`;
    throw new AppError("conflict", `${message[0]!.toUpperCase()}${message.slice(1)}.`, [{ path: "name", message }]);
  }
  return { id, token, team: team.slug, name, scopes, policy };
}

export type Revoked = { id: string; name: string; revokedAt: Date; alreadyRevoked: boolean };

/**
 * Revokes by id (`tok_…`) or by the token itself (`oqt_…`), within `teamId` when given (another
 * team's token is "not found", never "forbidden"). Revoking twice keeps the first time.
 */
export async function revokeToken(idOrToken: string, who: AuditWho, teamId?: string): Promise<Revoked> {
  const ref = idOrToken.trim();
  let where: { id: string } | { hash: string };
  if (ref.startsWith("tok_")) where = { id: ref };
  else if (ref.startsWith("oqt_")) {
    if (!isWellFormed(ref)) throw validationError([{ path: "token", message: "wrong length or checksum" }], "not a valid token (wrong length or checksum)");
    where = { hash: hashToken(ref) };
  } else throw validationError([{ path: "token", message: "expected tok_… or oqt_…" }], "expected a token id (tok_…) or a token (oqt_…)");

  const row = await db().apiToken.findFirst({ where: { ...where, ...(teamId ? { teamId } : {}) }, select: { id: true, teamId: true, name: true, revokedAt: true } });
  // Never echo a full token back: it is a credential.
  if (!row) throw new AppError("not_found", teamId ? "No such token in this team." : ref.startsWith("tok_") ? `unknown token id ${ref}` : "unknown token");
  if (row.revokedAt) return { id: row.id, name: row.name, revokedAt: row.revokedAt, alreadyRevoked: true };
  const revokedAt = new Date();
  const done = await audited(
    (tx) => tx.apiToken.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt } }),
    (r) => (r.count ? { ...who, teamId: row.teamId, action: "token.revoked", target: row.id, details: { name: row.name } } : null),
  );
  await invalidate([tokenTag(row.id)]);
  if (done.count === 0) {
    // Revoked concurrently: report the time that won.
    const now = await db().apiToken.findUniqueOrThrow({ where: { id: row.id }, select: { revokedAt: true } });
    return { id: row.id, name: row.name, revokedAt: now.revokedAt ?? revokedAt, alreadyRevoked: true };
  }
  return { id: row.id, name: row.name, revokedAt, alreadyRevoked: false };
}

/** The settings page's revoke: a token of this team by id, else 404. */
export async function revokeTeamToken(teamId: string, tokenId: string, who: AuditWho): Promise<{ id: string; revokedAt: string }> {
  if (!tokenId.startsWith("tok_")) throw new AppError("not_found", "No such token in this team.");
  const r = await revokeToken(tokenId, who, teamId);
  return { id: r.id, revokedAt: r.revokedAt.toISOString() };
}
