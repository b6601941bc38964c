// POST /api/ui/settings/teams/:teamId/webhooks/:webhookId/test — queue a signed `webhook.test` delivery.
import { json } from "@/lib/api/problem";
import { readJson } from "@/lib/api/body";
import { uiRoute } from "@/lib/auth/ui-route";
import { requireTeamAdmin } from "@/lib/settings/access";
import { EmptyBody } from "@/lib/settings/schemas";
import { sendTest } from "@/lib/notify/webhooks";

export const POST = uiRoute<{ teamId: string; webhookId: string }>("admin", async ({ req, user, params }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  await readJson(req, EmptyBody);
  return json(await sendTest(teamId, params.webhookId), 202);
});
