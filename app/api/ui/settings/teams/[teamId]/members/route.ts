// POST /api/ui/settings/teams/:teamId/members — add an existing user, or create one with a password.
import { json } from "@/lib/api/problem";
import { readJson } from "@/lib/api/body";
import { uiRoute } from "@/lib/auth/ui-route";
import { requireTeamAdmin } from "@/lib/settings/access";
import { addMember } from "@/lib/teams/members";
import { AddMemberBody } from "@/lib/settings/schemas";

export const POST = uiRoute<{ teamId: string }>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  const { value } = await readJson(req, AddMemberBody);
  return json(await addMember(teamId, value, who), 201);
});
