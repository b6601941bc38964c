// Shapes of the Slack settings (browser routes and CLI share them).
import { z } from "zod";

export const CHANNEL_ID = /^[CGD][A-Z0-9]{2,20}$/;
export const SLACK_USER_ID = /^[UW][A-Z0-9]{2,20}$/;

export const ConnectSlackBody = z
  .object({
    botToken: z.string().trim().regex(/^xoxb-[A-Za-z0-9-]{8,250}$/, "must be a bot token (xoxb-…)"),
    signingSecret: z.string().trim().regex(/^[0-9a-f]{16,128}$/, "must be the app's signing secret (hexadecimal)"),
    channel: z.string().trim().regex(CHANNEL_ID, "must be a channel id like C0123ABCD (not a #name)"),
    approvalsInApp: z.boolean().default(false),
  })
  .strict();
export type ConnectSlackInput = z.output<typeof ConnectSlackBody>;

export const UpdateSlackBody = z
  .object({
    channel: z.string().trim().regex(CHANNEL_ID, "must be a channel id like C0123ABCD (not a #name)").optional(),
    approvalsInApp: z.boolean().optional(),
  })
  .strict();

export const LinkSlackBody = z.object({ token: z.string().min(10).max(2000) }).strict();

export type SlackAppView = {
  connected: true;
  channel: string;
  approvalsInApp: boolean;
  slackTeamId: string | null;
  createdBy: string;
  createdAt: string;
};

export const UnlinkSlackBody = z.object({ slackUserId: z.string().trim().regex(SLACK_USER_ID, "must be a Slack user id like U0123ABCD") }).strict();
