// The signed-in user as every page and browser route sees them, re-read from the database on every
// call (the session cookie only names them). No Next.js imports: the realtime layer's browser
// stream (lib/http/endpoints/ui-events.ts) loads users outside Next as well.
import { db } from "../db/client";
import { atLeast, isRole, type Role } from "./roles";

export type Membership = { teamId: string; teamSlug: string; teamName: string; role: Role };
export type SessionUser = { id: string; email: string; name: string | null; memberships: Membership[] };

export async function loadUser(id: string): Promise<SessionUser | null> {
  const row = await db().user.findUnique({
    where: { id },
    select: { id: true, email: true, name: true, memberships: { select: { role: true, team: { select: { id: true, slug: true, name: true } } } } },
  });
  if (!row) return null;
  const memberships = row.memberships
    .filter((m) => isRole(m.role))
    .map((m) => ({ teamId: m.team.id, teamSlug: m.team.slug, teamName: m.team.name, role: m.role as Role }))
    .sort((a, b) => a.teamName.localeCompare(b.teamName));
  return { id: row.id, email: row.email, name: row.name, memberships };
}

/** Ids of the teams where the user holds `min` or a higher role. */
export function teamIdsWithRole(user: SessionUser, min: Role): string[] {
  return user.memberships.filter((m) => atLeast(m.role, min)).map((m) => m.teamId);
}
