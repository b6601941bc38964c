// POST /api/ui/settings/teams/:teamId/members — add an existing user, or create one with a password.
import { json } from "@openoxide/questions-core/api/problem";
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";
import { addMember } from "@openoxide/questions-core/teams/members";
import { AddMemberBody } from "@openoxide/questions-core/settings/schemas";

export const POST = uiRoute<{ teamId: string }>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  const { value } = await readJson(req, AddMemberBody);
  return json(await addMember(teamId, value, who), 201);
});
