// POST /api/ui/settings/teams/:teamId/tokens/:tokenId/revoke — the token stops working at once.
import { json } from "@/lib/api/problem";
import { readJson } from "@/lib/api/body";
import { uiRoute } from "@/lib/auth/ui-route";
import { requireTeamAdmin } from "@/lib/settings/access";
import { EmptyBody } from "@/lib/settings/schemas";
import { revokeTeamToken } from "@/lib/teams/tokens";

export const POST = uiRoute<{ teamId: string; tokenId: string }>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  await readJson(req, EmptyBody);
  return json(await revokeTeamToken(teamId, params.tokenId, who));
});
