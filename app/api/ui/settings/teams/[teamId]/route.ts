// PATCH /api/ui/settings/teams/:teamId — the team's question policy (allow | deny).
import { json } from "@openoxide/questions-core/api/problem";
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";
import { TeamPolicyBody } from "@openoxide/questions-core/settings/schemas";
import { setTeamPolicy } from "@openoxide/questions-core/teams/teams";

export const PATCH = uiRoute<{ teamId: string }>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  const { value } = await readJson(req, TeamPolicyBody);
  await setTeamPolicy(teamId, value.policy, who);
  return json({ policy: value.policy });
});
