// Settings are per team: every mutation checks that the user is admin of *that* team.
import type { SessionUser } from "../auth/session";
import { AdminError } from "../admin/commands";
import { AppError } from "../errors";

/** The user's membership of `teamId` when it is admin; 404 when not a member, 403 otherwise. */
export function requireTeamAdmin(user: SessionUser, teamId: string): { teamId: string; teamSlug: string } {
  const m = user.memberships.find((x) => x.teamId === teamId);
  if (!m) throw new AppError("not_found", "No such team.");
  if (m.role !== "admin") throw new AppError("forbidden", "Only admins of this team can change its settings.");
  return { teamId: m.teamId, teamSlug: m.teamSlug };
}

/** Runs an admin command, turning its input errors into 422s. */
export async function asValidation<T>(fn: () => Promise<T>, path: string): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AdminError) throw new AppError("validation", e.message, [{ path, message: e.message }]);
    throw e;
  }
}
