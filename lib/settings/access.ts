// Settings are per team: every mutation checks that the user is admin of *that* team.
import { atLeast } from "../auth/roles";
import type { SessionUser } from "../auth/session";
import { AppError } from "../errors";

/** The user's membership of `teamId` when it is admin; 404 when not a member, 403 otherwise. */
export function requireTeamAdmin(user: SessionUser, teamId: string): { teamId: string; teamSlug: string } {
  const m = user.memberships.find((x) => x.teamId === teamId);
  if (!m) throw new AppError("not_found", "No such team.");
  if (m.role !== "admin") throw new AppError("forbidden", "Only admins of this team can change its settings.");
  return { teamId: m.teamId, teamSlug: m.teamSlug };
}

/** The audit trail is for leads and admins of the team: 404 when not a member, 403 below lead. */
export function requireTeamLead(user: SessionUser, teamId: string): { teamId: string; teamSlug: string } {
  const m = user.memberships.find((x) => x.teamId === teamId);
  if (!m) throw new AppError("not_found", "No such team.");
  if (!atLeast(m.role, "lead")) throw new AppError("forbidden", "Only leads and admins of this team can read its audit trail.");
  return { teamId: m.teamId, teamSlug: m.teamSlug };
}
