// PATCH /api/ui/settings/teams/:teamId/webhooks/:webhookId — edit url, format, events; pause or resume.
// DELETE — remove the webhook and its delivery log.
import { json } from "@openoxide/questions-core/api/problem";
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";
import { EmptyBody } from "@openoxide/questions-core/settings/schemas";
import { UpdateWebhookBody } from "@openoxide/questions-core/notify/schemas";
import { deleteWebhook, updateWebhook } from "@openoxide/questions-core/notify/webhooks";

type Params = { teamId: string; webhookId: string };

export const PATCH = uiRoute<Params>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  const { value } = await readJson(req, UpdateWebhookBody);
  return json(await updateWebhook(teamId, params.webhookId, value, who));
});

export const DELETE = uiRoute<Params>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  await readJson(req, EmptyBody);
  await deleteWebhook(teamId, params.webhookId, who);
  return new Response(null, { status: 204 });
});
