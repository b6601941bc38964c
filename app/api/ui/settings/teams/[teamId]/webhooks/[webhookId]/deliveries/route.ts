// GET /api/ui/settings/teams/:teamId/webhooks/:webhookId/deliveries — the newest 50 deliveries.
import { json } from "@openoxide/questions-core/api/problem";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";
import { listDeliveries } from "@openoxide/questions-core/notify/webhooks";

export const GET = uiRoute<{ teamId: string; webhookId: string }>("admin", async ({ user, params }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  return json({ data: await listDeliveries(teamId, params.webhookId) });
});
