// GET /api/ui/settings/teams/:teamId/webhooks — the team's webhooks (URLs masked).
// POST — add one; the answer carries its signing secret, shown this once.
import { json } from "@openoxide/questions-core/api/problem";
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";
import { CreateWebhookBody } from "@openoxide/questions-core/notify/schemas";
import { createWebhook, listWebhooks } from "@openoxide/questions-core/notify/webhooks";

export const GET = uiRoute<{ teamId: string }>("admin", async ({ user, params }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  return json({ data: await listWebhooks(teamId) });
});

export const POST = uiRoute<{ teamId: string }>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  const { value } = await readJson(req, CreateWebhookBody);
  return json(await createWebhook(teamId, value, who), 201);
});
