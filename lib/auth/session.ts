// The signed-in browser user. The next-auth JWT only says who signed in; user and memberships are
// re-read from the database on every call, so a removed member or role change takes effect at once.
import { getServerSession } from "next-auth/next";
import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { cache } from "react";
import { authOptions } from "./options";
import { loadUser, type SessionUser } from "./session-user";
import { safeNext } from "./safe-next";

export type { Role } from "./roles";
export { teamIdsWithRole, type Membership, type SessionUser } from "./session-user";

/** The header proxy.ts sets to the requested path, so a page can send the user back after sign-in. */
export const PATH_HEADER = "x-oq-path";

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
