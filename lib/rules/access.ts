// Who may do what with rules: leads and admins manage a team's rules; any reviewer of the team
// may save a rule for one agent session (what the runtimes' own "always" does), never team-wide.
import type { SessionUser } from "../auth/session";
import { atLeast, type Role } from "../auth/roles";
import { AppError } from "../errors";

export function teamRole(user: SessionUser, teamId: string): Role {
  const m = user.memberships.find((x) => x.teamId === teamId);
  if (!m) throw new AppError("not_found", "No such team.");
  return m.role;
}

export function requireRulesManager(user: SessionUser, teamId: string): void {
  if (!atLeast(teamRole(user, teamId), "lead")) throw new AppError("forbidden", "Only leads and admins of this team manage its rules.");
}

/** A reviewer may save session rules only. */
export function requireMayCreate(user: SessionUser, teamId: string, sessionId: string | null | undefined): void {
  if (atLeast(teamRole(user, teamId), "lead")) return;
  if (!sessionId) throw new AppError("forbidden", "Reviewers can save a rule for this agent session only; team rules are for leads and admins.");
}
