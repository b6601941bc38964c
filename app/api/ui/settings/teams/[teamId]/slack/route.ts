// GET /api/ui/settings/teams/:teamId/slack — the team's Slack app (never its token or secret) and the manifest.
// PUT — connect (or replace) it; PATCH — channel and the approvals-in-the-app setting; DELETE — disconnect.
import { readJson } from "@openoxide/questions-core/api/body";
import { json } from "@openoxide/questions-core/api/problem";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { requestOrigin } from "@openoxide/questions-core/config/public-url";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";
import { EmptyBody } from "@openoxide/questions-core/settings/schemas";
import { slackManifest } from "@openoxide/questions-core/slack/manifest";
import { ConnectSlackBody, UpdateSlackBody } from "@openoxide/questions-core/slack/schemas";
import { connectSlack, disconnectSlack, getSlackApp, updateSlack } from "@openoxide/questions-core/slack/store";

type P = { teamId: string };

export const GET = uiRoute<P>("admin", async ({ req, url, user, params }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  const name = user.memberships.find((m) => m.teamId === teamId)!.teamName;
  return json({ app: await getSlackApp(teamId), manifest: slackManifest(name, requestOrigin(req.headers, url)) });
});

export const PUT = uiRoute<P>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  const { value } = await readJson(req, ConnectSlackBody);
  return json(await connectSlack(teamId, value, who));
});

export const PATCH = uiRoute<P>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  const { value } = await readJson(req, UpdateSlackBody);
  return json(await updateSlack(teamId, value, who));
});

export const DELETE = uiRoute<P>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  await readJson(req, EmptyBody);
  await disconnectSlack(teamId, who);
  return new Response(null, { status: 204 });
});
