// The Slack app's bot token and signing secret, sealed with the key ring and bound to their team
// and role, so a database dump alone cannot post to Slack or forge an interaction.
import { open, seal, type SecretBinding } from "../secrets/seal";

export type SlackSecretKind = "bot-token" | "signing-secret";

export const slackBinding = (teamId: string, kind: SlackSecretKind): SecretBinding => ({ teamId, requestId: "slack-app", questionId: kind });

export const sealSlack = (teamId: string, kind: SlackSecretKind, value: string) => seal(value, slackBinding(teamId, kind));
export const openSlack = (teamId: string, kind: SlackSecretKind, sealed: string) => open(sealed, slackBinding(teamId, kind));
