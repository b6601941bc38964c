// PATCH /api/ui/settings/teams/:teamId/members/:userId — change a member's role.
// DELETE — remove the member from the team (the user keeps any other teams).
import { json } from "@openoxide/questions-core/api/problem";
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";
import { changeRole, removeMember } from "@openoxide/questions-core/teams/members";
import { ChangeRoleBody, EmptyBody } from "@openoxide/questions-core/settings/schemas";

type Params = { teamId: string; userId: string };

export const PATCH = uiRoute<Params>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  const { value } = await readJson(req, ChangeRoleBody);
  await changeRole(teamId, params.userId, value.role, who);
  return json({ userId: params.userId, role: value.role });
});

export const DELETE = uiRoute<Params>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  await readJson(req, EmptyBody);
  await removeMember(teamId, params.userId, who);
  return new Response(null, { status: 204 });
});
