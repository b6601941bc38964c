// POST /api/ui/settings/teams/:teamId/tokens/:tokenId/revoke — the token stops working at once.
import { json } from "@openoxide/questions-core/api/problem";
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";
import { EmptyBody } from "@openoxide/questions-core/settings/schemas";
import { revokeTeamToken } from "@openoxide/questions-core/teams/tokens";

export const POST = uiRoute<{ teamId: string; tokenId: string }>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  await readJson(req, EmptyBody);
  return json(await revokeTeamToken(teamId, params.tokenId, who));
});
