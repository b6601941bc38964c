// For pages: the user and their teams with `min`; Next's 403 page when there are none. Here, not
// in lib/auth/session.ts: forbidden() checks experimental.authInterrupts through a constant Next
// puts into the code it bundles, which the core package (loaded by Node as it is) never gets.
import { forbidden } from "next/navigation";
import { requireUser, teamIdsWithRole, type Role, type SessionUser } from "@openoxide/questions-core/auth/session";

export async function requirePageRole(min: Role): Promise<{ user: SessionUser; teamIds: string[] }> {
  const user = await requireUser();
  const teamIds = teamIdsWithRole(user, min);
  if (teamIds.length === 0) forbidden();
  return { user, teamIds };
}
