// PUT /api/ui/settings/teams/:teamId/default-expiry — the expiry of requests that name none.
import { json } from "@openoxide/questions-core/api/problem";
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";
import { DefaultExpiryBody } from "@openoxide/questions-core/settings/schemas";
import { setTeamDefaultExpiry } from "@openoxide/questions-core/teams/teams";

export const PUT = uiRoute<{ teamId: string }>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  const { value } = await readJson(req, DefaultExpiryBody);
  return json(await setTeamDefaultExpiry(teamId, value.seconds, who));
});
