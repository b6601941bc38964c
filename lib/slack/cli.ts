// `npm run admin -- slack connect|link|disconnect`. The token and signing secret are read from
// environment variables named on the command line, never from arguments (which `ps` would show).
import { AdminError, CLI, cli, teamIdBySlug as teamId } from "../admin/commands";
import { db } from "../db/client";
import { fieldErrors } from "../errors";
import { linkSlackUser } from "./link";
import { ConnectSlackBody, SLACK_USER_ID } from "./schemas";
import { connectSlack, disconnectSlack } from "./store";

type Values = Record<string, string | undefined>;
type CliCommand = { args: string[]; options: Record<string, { type: "string" }>; required?: string[]; run: (args: string[], values: Values) => Promise<string[]> };

export const SLACK_USAGE = `  slack connect --team <slug> --bot-token-env <VAR> --signing-secret-env <VAR> --channel <channel id> [--approvals slack|app]
  slack link --email <member> --slack-user <U…>
  slack disconnect --team <slug>`;

const OPTION: Record<string, string> = { botToken: "--bot-token-env", signingSecret: "--signing-secret-env", channel: "--channel", approvalsInApp: "--approvals" };

export const SLACK_COMMANDS: Record<string, CliCommand> = {
  "slack connect": {
    args: [],
    options: { team: { type: "string" }, "bot-token-env": { type: "string" }, "signing-secret-env": { type: "string" }, channel: { type: "string" }, approvals: { type: "string" } },
    required: ["team", "bot-token-env", "signing-secret-env", "channel"],
    async run(_, v) {
      if (v.approvals && v.approvals !== "slack" && v.approvals !== "app") throw new AdminError("slack connect: --approvals must be slack or app");
      const parsed = ConnectSlackBody.safeParse({
        botToken: process.env[v["bot-token-env"]!] ?? "",
        signingSecret: process.env[v["signing-secret-env"]!] ?? "",
        channel: v.channel,
        approvalsInApp: v.approvals === "app",
      });
      if (!parsed.success) throw new AdminError(`slack connect: ${fieldErrors(parsed.error).map((e) => `${OPTION[e.path] ?? e.path}: ${e.message}`).join("; ")}`);
      const app = await cli(async () => connectSlack(await teamId(v.team!), parsed.data, CLI));
      return [`Connected Slack (workspace ${app.slackTeamId ?? "?"}) to team ${v.team}: one message per request in ${app.channel}; approvals ${app.approvalsInApp ? "in the app only" : "in Slack too"}.`];
    },
  },
  "slack link": {
    args: [],
    options: { email: { type: "string" }, "slack-user": { type: "string" } },
    required: ["email", "slack-user"],
    async run(_, v) {
      if (!SLACK_USER_ID.test(v["slack-user"]!)) throw new AdminError("slack link: --slack-user must be a Slack user id like U0123ABCD");
      const user = await db().user.findUnique({ where: { email: v.email!.toLowerCase() }, select: { id: true } });
      if (!user) throw new AdminError(`unknown user "${v.email}"`);
      await cli(() => linkSlackUser(user.id, v["slack-user"]!, CLI));
      return [`Linked Slack user ${v["slack-user"]} to ${v.email}.`];
    },
  },
  "slack disconnect": {
    args: [],
    options: { team: { type: "string" } },
    required: ["team"],
    async run(_, v) {
      await cli(async () => disconnectSlack(await teamId(v.team!), CLI));
      return [`Disconnected Slack from team ${v.team}; its sealed token and signing secret are deleted.`];
    },
  },
};
