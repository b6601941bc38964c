// POST /api/ui/settings/teams/:teamId/webhooks/:webhookId/test — queue a signed `webhook.test` delivery.
import { json } from "@openoxide/questions-core/api/problem";
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";
import { EmptyBody } from "@openoxide/questions-core/settings/schemas";
import { sendTest } from "@openoxide/questions-core/notify/webhooks";

export const POST = uiRoute<{ teamId: string; webhookId: string }>("admin", async ({ req, user, params }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  await readJson(req, EmptyBody);
  return json(await sendTest(teamId, params.webhookId), 202);
});
