// PUT /api/ui/settings/teams/:teamId/default-expiry — the expiry of requests that name none.
import { json } from "@/lib/api/problem";
import { readJson } from "@/lib/api/body";
import { uiRoute } from "@/lib/auth/ui-route";
import { requireTeamAdmin } from "@/lib/settings/access";
import { DefaultExpiryBody } from "@/lib/settings/schemas";
import { setTeamDefaultExpiry } from "@/lib/teams/teams";

export const PUT = uiRoute<{ teamId: string }>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  const { value } = await readJson(req, DefaultExpiryBody);
  return json(await setTeamDefaultExpiry(teamId, value.seconds, who));
});
