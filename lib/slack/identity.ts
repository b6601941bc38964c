// Who a Slack user is here: the member of the request's team whose email Slack reports as
// verified (users.info), else the member who linked that Slack user to their account (a link made
// from Slack itself, so both sides are proven: lib/slack/link.ts). Same roles as the app.
import type { WebClient } from "@slack/web-api";
import { db } from "../db/client";
import { atLeast, isRole, type Role } from "../auth/roles";

export type SlackMember = { userId: string; email: string; role: Role };

async function memberOf(teamId: string, where: { email: string } | { id: string }): Promise<SlackMember | null> {
  const user = await db().user.findFirst({ where: "email" in where ? { email: where.email } : { id: where.id }, select: { id: true, email: true, memberships: { where: { teamId }, select: { role: true } } } });
  const role = user?.memberships[0]?.role;
  return user && role && isRole(role) ? { userId: user.id, email: user.email, role } : null;
}

/** The member a Slack user acts as in `teamId`, or null (unmapped, or not in this team). */
export async function slackMember(client: WebClient, teamId: string, slackUserId: string): Promise<SlackMember | null> {
  const info = await client.users.info({ user: slackUserId }).catch(() => null);
  const user = info?.user as { profile?: { email?: string }; is_email_confirmed?: boolean; deleted?: boolean; is_bot?: boolean } | undefined;
  if (user && !user.deleted && !user.is_bot && user.is_email_confirmed === true && user.profile?.email) {
    const byEmail = await memberOf(teamId, { email: user.profile.email.toLowerCase() });
    if (byEmail) return byEmail;
  }
  const link = await db().slackLink.findUnique({ where: { slackUserId } });
  return link ? memberOf(teamId, { id: link.userId }) : null;
}

export const mayAnswer = (m: SlackMember) => atLeast(m.role, "reviewer");
