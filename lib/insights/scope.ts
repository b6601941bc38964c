// Whose figures a signed-in person sees: a team of theirs (the one named, else the first where
// they are lead or admin, else their first); all of that team's as lead or admin, as a reviewer
// only the decisions they made themselves (as /history: a browser reply records their email).
import { atLeast } from "../auth/roles";
import type { Membership, SessionUser } from "../auth/session";
import { periodOf, type InsightsPageQuery } from "./query";
import type { Where } from "./sql";

export type InsightsScope = { team: Membership; ownOnly: boolean; where: Where };

export function insightsScope(user: Pick<SessionUser, "email" | "memberships">, query: InsightsPageQuery): InsightsScope | null {
  const team = query.team
    ? user.memberships.find((m) => m.teamSlug === query.team)
    : (user.memberships.find((m) => atLeast(m.role, "lead")) ?? user.memberships[0]);
  if (!team) return null;
  const ownOnly = !atLeast(team.role, "lead");
  return {
    team,
    ownOnly,
    where: {
      teamId: team.teamId,
      period: periodOf(query),
      agent: query.agent,
      kind: query.kind,
      ...(ownOnly ? { actor: user.email } : {}),
    },
  };
}
