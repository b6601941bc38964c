// Linking a Slack user to a member. From Slack: an unmapped user's click gets an ephemeral
// message with a link holding a sealed, short-lived token naming their Slack user id; opening it
// signed in here and confirming makes the link, so both accounts are proven. The admin CLI links
// directly. Audited in every team of the member.
import { auditWrites } from "../audit/append";
import type { AuditWho } from "../audit/entry";
import { db, isUniqueViolation } from "../db/client";
import { AppError } from "../errors";
import { appLink } from "../config/public-url";
import { open, seal } from "../secrets/seal";

const BINDING = { teamId: "slack", requestId: "link", questionId: "token" };
const TOKEN_MINUTES = 30;

export function linkToken(slackUserId: string, now = Date.now()): string {
  return seal(JSON.stringify({ u: slackUserId, exp: now + TOKEN_MINUTES * 60_000 }), BINDING);
}

export function linkUrl(slackUserId: string): string {
  return appLink(`/settings?slackLink=${encodeURIComponent(linkToken(slackUserId))}`);
}

/** The Slack user id a token names; a validation error when it is not one of ours or has expired. */
export function readLinkToken(token: string): string {
  try {
    const { u, exp } = JSON.parse(open(token, BINDING)) as { u: string; exp: number };
    if (Date.now() <= exp) return u;
  } catch {
    // below
  }
  throw new AppError("validation", "token: this link is not valid or has expired; click in Slack again for a new one.", [{ path: "token", message: "not valid or expired" }]);
}

export async function linkSlackUser(userId: string, slackUserId: string, who: AuditWho): Promise<void> {
  const teams = await db().membership.findMany({ where: { userId }, select: { teamId: true } });
  const existing = await db().slackLink.findUnique({ where: { slackUserId } });
  if (existing?.userId === userId) return;
  if (existing) throw new AppError("conflict", `Slack user ${slackUserId} is already linked to another member.`);
  try {
    await db().$transaction([
      db().slackLink.create({ data: { slackUserId, userId, createdBy: who.actor } }),
      ...teams.flatMap((t) => auditWrites(db(), { ...who, teamId: t.teamId, action: "slack.linked", target: userId, details: { slackUserId } })),
    ]);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("conflict", `Slack user ${slackUserId} is already linked to another member.`);
    throw e;
  }
}

export async function unlinkSlackUser(userId: string, slackUserId: string, who: AuditWho): Promise<void> {
  const link = await db().slackLink.findUnique({ where: { slackUserId } });
  if (link?.userId !== userId) throw new AppError("not_found", `Slack user ${slackUserId} is not linked to you.`);
  const teams = await db().membership.findMany({ where: { userId }, select: { teamId: true } });
  await db().$transaction([
    db().slackLink.deleteMany({ where: { slackUserId, userId } }),
    ...teams.flatMap((t) => auditWrites(db(), { ...who, teamId: t.teamId, action: "slack.unlinked", target: userId, details: { slackUserId } })),
  ]);
}

export async function slackLinksOf(userId: string): Promise<{ slackUserId: string; createdAt: string }[]> {
  const rows = await db().slackLink.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });
  return rows.map((r) => ({ slackUserId: r.slackUserId, createdAt: r.createdAt.toISOString() }));
}
