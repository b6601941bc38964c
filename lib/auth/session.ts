// The signed-in browser user. The next-auth JWT only says who signed in; user and memberships are
// re-read from the database on every call, so a removed member or role change takes effect at once.
import { getServerSession } from "next-auth/next";
import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { cache } from "react";
import { db } from "../db/client";
import { authOptions } from "./options";
import { atLeast, isRole, type Role } from "./roles";
import { safeNext } from "./safe-next";

export type { Role } from "./roles";

export type Membership = { teamId: string; teamSlug: string; teamName: string; role: Role };
export type SessionUser = { id: string; email: string; name: string | null; memberships: Membership[] };

/** The header proxy.ts sets to the requested path, so a page can send the user back after sign-in. */
export const PATH_HEADER = "x-oq-path";

async function loadUser(id: string): Promise<SessionUser | null> {
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

/** Per request (React cache): a page and its layout share one look-up. */
export const currentUser = cache(async (): Promise<SessionUser | null> => {
  const session = await getServerSession(authOptions());
  const id = session?.user?.id;
  return id ? loadUser(id) : null;
});

export { safeNext } from "./safe-next";

/** For pages: the user, or a redirect to sign-in that comes back here afterwards. */
export async function requireUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (user) return user;
  const path = safeNext((await headers()).get(PATH_HEADER), "");
  redirect(path ? `/signin?next=${encodeURIComponent(path)}` : "/signin");
}

/** Ids of the teams where the user holds `min` or a higher role. */
export function teamIdsWithRole(user: SessionUser, min: Role): string[] {
  return user.memberships.filter((m) => atLeast(m.role, min)).map((m) => m.teamId);
}
