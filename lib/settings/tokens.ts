// API tokens of a team, for the settings page: list (never the token itself), create, revoke.
import { createToken, revokeToken } from "../admin/commands";
import type { Scope } from "../auth/tokens";
import { db } from "../db/client";
import { AppError } from "../errors";
import { asValidation } from "./access";

export type TokenRow = {
  id: string;
  name: string;
  hint: string;
  scopes: Scope[];
  policy: "allow" | "deny";
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

export async function createTeamToken(teamSlug: string, input: { name: string; scopes: Scope[]; policy: "allow" | "deny" }) {
  return asValidation(() => createToken({ teamSlug, name: input.name, scopes: input.scopes.join(","), policy: input.policy }), "name");
}

export async function revokeTeamToken(teamId: string, tokenId: string): Promise<{ id: string; revokedAt: string }> {
  const row = await db().apiToken.findFirst({ where: { id: tokenId, teamId }, select: { id: true } });
  // Another team's token is "not found", never "forbidden": ids do not leak across teams.
  if (!row) throw new AppError("not_found", "No such token in this team.");
  const r = await revokeToken(row.id);
  return { id: r.id, revokedAt: r.revokedAt.toISOString() };
}
