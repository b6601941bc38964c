// Connecting a team's Slack app (Settings and the admin CLI): the token is checked with Slack's
// auth.test, then stored sealed with the signing secret and the channel. Every change is audited
// (the channel and the workspace, never a token or a secret).
import { invalidate } from "../cache/invalidate";
import { memo } from "../cache/memo";
import { env } from "../config/env";
import { db, type Db } from "../db/client";
import { AppError } from "../errors";
import { audited, auditWrites } from "../audit/append";
import type { AuditWho } from "../audit/entry";
import { slackClient, slackError } from "./client";
import type { ConnectSlackInput, SlackAppView } from "./schemas";
import { openSlack, sealSlack } from "./secrets";

export const slackTag = (teamId: string) => `slack:${teamId}`;

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof db>["slackApp"]["findUnique"]>>>;

export function slackView(r: Row): SlackAppView {
  return { connected: true, channel: r.channel, approvalsInApp: r.approvalsInApp, slackTeamId: r.slackTeamId, createdBy: r.createdBy, createdAt: r.createdAt.toISOString() };
}

export async function getSlackApp(teamId: string): Promise<SlackAppView | null> {
  const row = await db().slackApp.findUnique({ where: { teamId } });
  return row ? slackView(row) : null;
}

/** Is a Slack app connected? Read for every event the outbox writes: cached like the webhook list. */
export function slackConnected(client: Db, teamId: string): Promise<boolean> {
  return memo.load(`slack:${teamId}`, env().TOKEN_CACHE_SECONDS * 1000, async () => {
    const row = await client.slackApp.findUnique({ where: { teamId }, select: { teamId: true } });
    return { value: Boolean(row), tags: [slackTag(teamId)] };
  });
}

/** The app with its secrets opened (for sending and verifying), or null. */
export async function slackCredentials(teamId: string): Promise<{ botToken: string; signingSecret: string; channel: string; approvalsInApp: boolean } | null> {
  const row = await db().slackApp.findUnique({ where: { teamId } });
  if (!row) return null;
  return {
    botToken: openSlack(teamId, "bot-token", row.botTokenSealed),
    signingSecret: openSlack(teamId, "signing-secret", row.signingSecretSealed),
    channel: row.channel,
    approvalsInApp: row.approvalsInApp,
  };
}

export async function connectSlack(teamId: string, input: ConnectSlackInput, who: AuditWho): Promise<SlackAppView> {
  let slackTeamId: string | null = null;
  try {
    const r = await slackClient(input.botToken).auth.test();
    slackTeamId = (r.team_id as string | undefined) ?? null;
  } catch (e) {
    const { message } = slackError(e);
    throw new AppError("validation", `botToken: Slack did not accept it (${message}).`, [{ path: "botToken", message: `Slack did not accept it (${message})` }]);
  }
  const data = {
    botTokenSealed: sealSlack(teamId, "bot-token", input.botToken),
    signingSecretSealed: sealSlack(teamId, "signing-secret", input.signingSecret),
    channel: input.channel,
    approvalsInApp: input.approvalsInApp,
    slackTeamId,
    createdBy: who.actor,
    updatedAt: new Date(),
  };
  const [row] = await db().$transaction([
    db().slackApp.upsert({ where: { teamId }, create: { teamId, ...data }, update: data }),
    ...auditWrites(db(), { ...who, teamId, action: "slack.connected", details: { channel: input.channel, slackTeamId, approvalsInApp: input.approvalsInApp } }),
  ]);
  await invalidate([slackTag(teamId)]);
  return slackView(row);
}

export async function updateSlack(teamId: string, input: { channel?: string; approvalsInApp?: boolean }, who: AuditWho): Promise<SlackAppView> {
  const existing = await db().slackApp.findUnique({ where: { teamId } });
  if (!existing) throw new AppError("not_found", "No Slack app is connected to this team.");
  const [row] = await db().$transaction([
    db().slackApp.update({ where: { teamId }, data: { ...input, updatedAt: new Date() } }),
    ...auditWrites(db(), { ...who, teamId, action: "slack.updated", details: input }),
  ]);
  await invalidate([slackTag(teamId)]);
  return slackView(row);
}

export async function disconnectSlack(teamId: string, who: AuditWho): Promise<void> {
  const { count } = await audited(
    (tx) => tx.slackApp.deleteMany({ where: { teamId } }),
    (r) => (r.count ? { ...who, teamId, action: "slack.disconnected" } : null),
  );
  await invalidate([slackTag(teamId)]);
  if (!count) throw new AppError("not_found", "No Slack app is connected to this team.");
}
