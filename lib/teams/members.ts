// Team membership. The last-admin rule is part of the write itself (one conditional statement,
// serialised per team on PostgreSQL), so two concurrent demotions can never both win.
import type { Role } from "../auth/roles";
import { db, isUniqueViolation } from "../db/client";
import { isPostgres } from "../db/provider";
import { AppError } from "../errors";
import { findOrCreateUser } from "../users/users";
import { invalidate } from "../cache/invalidate";
import { teamMembersTag } from "../cache/tags";
import { audited, auditWrites, type Tx } from "../audit/append";
import type { AuditInput, AuditWho } from "../audit/entry";

export type MemberRow = { userId: string; email: string; name: string | null; role: Role; since: string };

const LAST_ADMIN = "A team needs at least one admin: make someone else admin first.";

export async function listMembers(teamId: string): Promise<MemberRow[]> {
  const rows = await db().membership.findMany({
    where: { teamId },
    select: { role: true, createdAt: true, user: { select: { id: true, email: true, name: true } } },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((r) => ({ userId: r.user.id, email: r.user.email, name: r.user.name, role: r.role as Role, since: r.createdAt.toISOString() }));
}

/** Adds a user (created with `password` when new; an existing user's password is never touched). */
export async function addMember(
  teamId: string,
  input: { email: string; role: Role; name?: string; password?: string },
  who: AuditWho,
): Promise<{ userId: string; created: boolean }> {
  const user = await findOrCreateUser(input);
  try {
    await db().$transaction([
      db().membership.create({ data: { userId: user.id, teamId, role: input.role } }),
      ...auditWrites(db(), { ...who, teamId, action: "member.added", target: user.id, details: { email: user.email, role: input.role } }),
    ]);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("conflict", `${user.email} is already a member of this team.`);
    throw e;
  }
  await invalidate([teamMembersTag(teamId)]);
  return { userId: user.id, created: user.created };
}

/**
 * Runs a membership write that must leave the team an admin, serialised per team on PostgreSQL
 * (READ COMMITTED would let two demotions each see the other admin); SQLite has one writer.
 * The audit entry is appended in the same transaction when the write changed a row.
 */
async function guarded(teamId: string, write: (tx: Tx) => Promise<number>, entry: AuditInput): Promise<number> {
  return audited(
    async (tx) => {
      if (isPostgres()) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`team:${teamId}`}))`;
      return write(tx);
    },
    (count) => (count ? entry : null),
  );
}

/** Nothing changed: say why (not a member, or the last admin). */
async function explainNoChange(teamId: string, userId: string): Promise<never> {
  const member = await db().membership.findUnique({ where: { userId_teamId: { userId, teamId } }, select: { role: true } });
  if (!member) throw new AppError("not_found", "No such member in this team.");
  throw new AppError("conflict", LAST_ADMIN);
}

export async function changeRole(teamId: string, userId: string, role: Role, who: AuditWho): Promise<void> {
  const count = await guarded(
    teamId,
    (tx) => tx.$executeRaw`UPDATE "Membership" SET "role" = ${role}
      WHERE "teamId" = ${teamId} AND "userId" = ${userId}
        AND (${role} = 'admin' OR "role" <> 'admin' OR EXISTS (
          SELECT 1 FROM "Membership" o WHERE o."teamId" = ${teamId} AND o."role" = 'admin' AND o."userId" <> ${userId}))`,
    { ...who, teamId, action: "member.role_changed", target: userId, details: { role } },
  );
  if (count === 0) await explainNoChange(teamId, userId);
}

export async function removeMember(teamId: string, userId: string, who: AuditWho): Promise<void> {
  const count = await guarded(
    teamId,
    (tx) => tx.$executeRaw`DELETE FROM "Membership"
      WHERE "teamId" = ${teamId} AND "userId" = ${userId}
        AND ("role" <> 'admin' OR EXISTS (
          SELECT 1 FROM "Membership" o WHERE o."teamId" = ${teamId} AND o."role" = 'admin' AND o."userId" <> ${userId}))`,
    { ...who, teamId, action: "member.removed", target: userId },
  );
  if (count === 0) await explainNoChange(teamId, userId);
  await invalidate([teamMembersTag(teamId)]);
}
