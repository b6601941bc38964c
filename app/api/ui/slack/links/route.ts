// GET /api/ui/slack/links — the Slack users linked to the signed-in member.
// POST `{ token }` — confirm the link offered in Slack; DELETE `{ slackUserId }` — remove one.
import { readJson } from "@openoxide/questions-core/api/body";
import { json } from "@openoxide/questions-core/api/problem";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { linkSlackUser, readLinkToken, slackLinksOf, unlinkSlackUser } from "@openoxide/questions-core/slack/link";
import { LinkSlackBody, UnlinkSlackBody } from "@openoxide/questions-core/slack/schemas";

export const GET = uiRoute("reviewer", async ({ user }) => json({ data: await slackLinksOf(user.id) }));

export const POST = uiRoute("reviewer", async ({ req, user, who }) => {
  const { value } = await readJson(req, LinkSlackBody);
  const slackUserId = readLinkToken(value.token);
  await linkSlackUser(user.id, slackUserId, who);
  return json({ slackUserId }, 201);
});

export const DELETE = uiRoute("reviewer", async ({ req, user, who }) => {
  const { value } = await readJson(req, UnlinkSlackBody);
  await unlinkSlackUser(user.id, value.slackUserId, who);
  return new Response(null, { status: 204 });
});
