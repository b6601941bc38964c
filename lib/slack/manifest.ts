// The Slack app manifest an admin pastes into "Create an app → From a manifest": the bot's
// scopes and the interactivity URL, so nothing has to be clicked through Slack's settings.
import { appLink } from "../config/public-url";

export const SLACK_SCOPES = ["chat:write", "users:read", "users:read.email"] as const;

/** `fallbackOrigin`: the admin's request origin, used when no public URL is configured. */
export function slackManifest(teamName: string, fallbackOrigin?: string): Record<string, unknown> {
  const name = `Questions (${teamName})`.slice(0, 35);
  return {
    display_information: { name, description: "Answer AI agents' questions and approvals from Slack.", background_color: "#c2410c" },
    features: { bot_user: { display_name: name, always_online: true } },
    oauth_config: { scopes: { bot: [...SLACK_SCOPES] } },
    settings: {
      interactivity: { is_enabled: true, request_url: appLink("/api/slack/interactions", fallbackOrigin) },
      org_deploy_enabled: false,
      socket_mode_enabled: false,
      token_rotation_enabled: false,
    },
  };
}
