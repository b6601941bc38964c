// GET /api/ui/settings/teams/:teamId/webhooks/:webhookId/deliveries — the newest 50 deliveries.
import { json } from "@/lib/api/problem";
import { uiRoute } from "@/lib/auth/ui-route";
import { requireTeamAdmin } from "@/lib/settings/access";
import { listDeliveries } from "@/lib/notify/webhooks";

export const GET = uiRoute<{ teamId: string; webhookId: string }>("admin", async ({ user, params }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  return json({ data: await listDeliveries(teamId, params.webhookId) });
});
