// Team members for the settings page. Adding an existing user never touches their password:
// a team admin must not be able to take over an account that also belongs to other teams.
import { hashPassword, normaliseEmail } from "../auth/password";
import type { Role } from "../auth/roles";
import { db, isUniqueViolation } from "../db/client";
import { AppError } from "../errors";
import { newId } from "../ids";

export type MemberRow = { userId: string; email: string; name: string | null; role: Role; since: string };

export async function listMembers(teamId: string): Promise<MemberRow[]> {
  const rows = await db().membership.findMany({
    where: { teamId },
    select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => ({ userId: r.user.id, email: r.user.email, name: r.user.name, role: r.role as Role, since: r.createdAt.toISOString() }));
}

export async function addMember(teamId: string, input: { email: string; role: Role; name?: string; password?: string }): Promise<{ userId: string; created: boolean }> {
  const email = normaliseEmail(input.email);
  let user = await db().user.findUnique({ where: { email }, select: { id: true } });
  let created = false;
  if (!user) {
    if (!input.password) {
      throw new AppError("validation", "No user has this email yet: set an initial password.", [{ path: "password", message: "required for a new user" }]);
    }
    try {
      user = await db().user.create({
        data: { id: newId("user"), email, name: input.name?.trim() || null, passwordHash: await hashPassword(input.password) },
        select: { id: true },
      });
      created = true;
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      user = await db().user.findUniqueOrThrow({ where: { email }, select: { id: true } });
    }
  }
  try {
    await db().membership.create({ data: { userId: user.id, teamId, role: input.role } });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("conflict", `${email} is already a member of this team.`);
    throw e;
  }
  return { userId: user.id, created };
}

/** A team keeps at least one admin: the last one can be neither demoted nor removed. */
async function assertNotLastAdmin(teamId: string, userId: string): Promise<void> {
  const admins = await db().membership.findMany({ where: { teamId, role: "admin" }, select: { userId: true } });
  if (admins.length === 1 && admins[0]!.userId === userId) {
    throw new AppError("conflict", "A team needs at least one admin: make someone else admin first.");
  }
}

export async function changeRole(teamId: string, userId: string, role: Role): Promise<void> {
  if (role !== "admin") await assertNotLastAdmin(teamId, userId);
  const r = await db().membership.updateMany({ where: { teamId, userId }, data: { role } });
  if (r.count === 0) throw new AppError("not_found", "No such member in this team.");
}

export async function removeMember(teamId: string, userId: string): Promise<void> {
  await assertNotLastAdmin(teamId, userId);
  const r = await db().membership.deleteMany({ where: { teamId, userId } });
  if (r.count === 0) throw new AppError("not_found", "No such member in this team.");
}
