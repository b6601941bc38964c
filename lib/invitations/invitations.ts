// Invitations: an admin invites an email with a role; the person opens the single-use link, sets
// their own password (or chooses SSO) and joins the team. Accepting is one transaction whose first
// write is a conditional update on the unused, unexpired, unrevoked invitation: under concurrency
// exactly one acceptance wins, the others change nothing.
import { hashPassword, normaliseEmail } from "../auth/password";
import type { Role } from "../auth/roles";
import { db, isNotFound, isUniqueViolation } from "../db/client";
import { audited, auditWrites } from "../audit/append";
import type { AuditWho } from "../audit/entry";
import { AppError } from "../errors";
import { newId } from "../ids";
import { generateInvitationToken, hashInvitationToken, looksLikeInvitationToken } from "./token";

/** How long a link stays valid. A week covers a weekend and a holiday without living forever. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type InvitationState = "pending" | "accepted" | "expired" | "revoked";
export type InvitationRow = { id: string; email: string; role: Role; state: InvitationState; createdAt: string; expiresAt: string };

type Stored = { id: string; email: string; role: string; createdAt: Date; expiresAt: Date; acceptedAt: Date | null; revokedAt: Date | null };

function stateOf(r: Stored, now = new Date()): InvitationState {
  if (r.acceptedAt) return "accepted";
  if (r.revokedAt) return "revoked";
  return r.expiresAt <= now ? "expired" : "pending";
}

function toRow(r: Stored): InvitationRow {
  return { id: r.id, email: r.email, role: r.role as Role, state: stateOf(r), createdAt: r.createdAt.toISOString(), expiresAt: r.expiresAt.toISOString() };
}

const SELECT = { id: true, email: true, role: true, createdAt: true, expiresAt: true, acceptedAt: true, revokedAt: true } as const;

/** The team's invitations that are still open, newest first (accepted and revoked ones drop out). */
export async function listInvitations(teamId: string): Promise<InvitationRow[]> {
  const rows = await db().invitation.findMany({
    where: { teamId, acceptedAt: null, revokedAt: null },
    orderBy: { createdAt: "desc" },
    take: 100,
    select: SELECT,
  });
  return rows.map(toRow);
}

/** A new invitation and its token (the only time the token exists outside the link). */
export async function createInvitation(
  opts: { teamId: string; email: string; role: Role; createdBy: string; now?: Date },
  who: AuditWho,
): Promise<{ invitation: InvitationRow; token: string }> {
  const now = opts.now ?? new Date();
  const token = generateInvitationToken();
  const id = newId("inv");
  const email = normaliseEmail(opts.email);
  const [row] = await db().$transaction([
    db().invitation.create({
      data: {
        id,
        teamId: opts.teamId,
        email,
        role: opts.role,
        tokenHash: hashInvitationToken(token),
        createdBy: opts.createdBy,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      },
      select: SELECT,
    }),
    // The link's token never enters the trail.
    ...auditWrites(db(), { ...who, teamId: opts.teamId, action: "invitation.created", target: id, details: { email, role: opts.role } }),
  ]);
  return { invitation: toRow(row), token };
}

export async function revokeInvitation(teamId: string, id: string, who: AuditWho): Promise<void> {
  const r = await audited(
    (tx) => tx.invitation.updateMany({ where: { id, teamId, acceptedAt: null, revokedAt: null }, data: { revokedAt: new Date() } }),
    (done) => (done.count ? { ...who, teamId, action: "invitation.revoked", target: id } : null),
  );
  if (r.count === 0) throw new AppError("not_found", "No open invitation with this id in this team.");
}

export type InvitationView = { email: string; role: Role; teamName: string; state: InvitationState; expiresAt: string };

/** What the link's page shows; null for an unknown token. */
export async function findInvitation(token: string): Promise<InvitationView | null> {
  if (!looksLikeInvitationToken(token)) return null;
  const row = await db().invitation.findUnique({ where: { tokenHash: hashInvitationToken(token) }, select: { ...SELECT, teamId: true } });
  if (!row) return null;
  const team = await db().team.findUnique({ where: { id: row.teamId }, select: { name: true } });
  if (!team) return null;
  return { email: row.email, role: row.role as Role, teamName: team.name, state: stateOf(row), expiresAt: row.expiresAt.toISOString() };
}

const GONE: Record<Exclude<InvitationState, "pending">, string> = {
  accepted: "This invitation has already been used. Sign in instead.",
  expired: "This invitation has expired. Ask a team admin for a new one.",
  revoked: "This invitation was withdrawn. Ask a team admin for a new one.",
};

/** Creates the invited person's account and membership; the link works once. */
export async function acceptInvitation(opts: { token: string; name?: string; password?: string; now?: Date; address?: string | null }): Promise<{ email: string; userId: string }> {
  const now = opts.now ?? new Date();
  const invalid = new AppError("not_found", "This invitation link is not valid.");
  if (!looksLikeInvitationToken(opts.token)) throw invalid;
  const tokenHash = hashInvitationToken(opts.token);
  const inv = await db().invitation.findUnique({ where: { tokenHash }, select: { ...SELECT, teamId: true } });
  if (!inv) throw invalid;
  const state = stateOf(inv, now);
  if (state !== "pending") throw new AppError("conflict", GONE[state]);
  const passwordHash = opts.password ? await hashPassword(opts.password) : null;
  const userId = newId("user");
  const client = db();
  try {
    await client.$transaction([
      // The guard: matches only while unused, unrevoked and unexpired. A lost race is P2025 and
      // rolls back the account the same transaction would have created.
      client.invitation.update({
        where: { tokenHash, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
        data: { acceptedAt: now, acceptedBy: userId },
      }),
      client.user.create({ data: { id: userId, email: inv.email, name: opts.name?.trim() || null, passwordHash } }),
      client.membership.create({ data: { userId, teamId: inv.teamId, role: inv.role } }),
      ...auditWrites(client, {
        actor: inv.email,
        address: opts.address,
        teamId: inv.teamId,
        action: "member.added",
        target: userId,
        details: { email: inv.email, role: inv.role, invitation: inv.id },
      }),
    ]);
  } catch (e) {
    if (isNotFound(e)) {
      const now2 = await client.invitation.findUnique({ where: { tokenHash }, select: SELECT });
      const s = now2 ? stateOf(now2, now) : "revoked";
      throw new AppError("conflict", GONE[s === "pending" ? "accepted" : s]);
    }
    if (isUniqueViolation(e)) throw new AppError("conflict", "An account with this email already exists. Sign in, and ask a team admin to add you.");
    throw e;
  }
  return { email: inv.email, userId };
}
