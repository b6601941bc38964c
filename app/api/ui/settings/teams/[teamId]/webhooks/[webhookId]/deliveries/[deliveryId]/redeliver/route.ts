// POST /api/ui/settings/teams/:teamId/webhooks/:webhookId/deliveries/:deliveryId/redeliver — send it again.
import { json } from "@openoxide/questions-core/api/problem";
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";
import { EmptyBody } from "@openoxide/questions-core/settings/schemas";
import { redeliver } from "@openoxide/questions-core/notify/webhooks";

type Params = { teamId: string; webhookId: string; deliveryId: string };

export const POST = uiRoute<Params>("admin", async ({ req, user, params }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  await readJson(req, EmptyBody);
  return json(await redeliver(teamId, params.webhookId, params.deliveryId), 202);
});
