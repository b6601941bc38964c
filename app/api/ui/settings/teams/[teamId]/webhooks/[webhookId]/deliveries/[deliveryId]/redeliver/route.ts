// POST /api/ui/settings/teams/:teamId/webhooks/:webhookId/deliveries/:deliveryId/redeliver — send it again.
import { json } from "@/lib/api/problem";
import { readJson } from "@/lib/api/body";
import { uiRoute } from "@/lib/auth/ui-route";
import { requireTeamAdmin } from "@/lib/settings/access";
import { EmptyBody } from "@/lib/settings/schemas";
import { redeliver } from "@/lib/notify/webhooks";

type Params = { teamId: string; webhookId: string; deliveryId: string };

export const POST = uiRoute<Params>("admin", async ({ req, user, params }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  await readJson(req, EmptyBody);
  return json(await redeliver(teamId, params.webhookId, params.deliveryId), 202);
});
