// Who is calling. API tokens today; browser users join through the same shape.
import type { Scope } from "./tokens";

export type Principal = {
  kind: "token";
  tokenId: string;
  tokenName: string;
  teamId: string;
  scopes: Scope[];
  /** deny when the token's or the team's question policy is deny */
  policy: "allow" | "deny";
  /** the team's expiry for requests that name none (null: DEFAULT_EXPIRES_SECONDS; 0: none) */
  defaultExpiresSeconds: number | null;
};

export function hasScope(p: Principal, ...any: Scope[]): boolean {
  return any.some((s) => p.scopes.includes(s));
}

/** Requests this principal may see: an ask-only token sees the requests it created, others the team's. */
export function requestScope(p: Principal): { teamId: string; tokenId?: string } {
  return hasScope(p, "answer", "read") ? { teamId: p.teamId } : { teamId: p.teamId, tokenId: p.tokenId };
}

export function actorLabel(p: Principal): string {
  return `token:${p.tokenName}`;
}
