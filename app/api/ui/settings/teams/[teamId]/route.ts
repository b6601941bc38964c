// PATCH /api/ui/settings/teams/:teamId — the team's question policy (allow | deny).
import { json } from "@/lib/api/problem";
import { readJson } from "@/lib/api/body";
import { uiRoute } from "@/lib/auth/ui-route";
import { requireTeamAdmin } from "@/lib/settings/access";
import { TeamPolicyBody } from "@/lib/settings/schemas";
import { setTeamPolicy } from "@/lib/teams/teams";

export const PATCH = uiRoute<{ teamId: string }>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  const { value } = await readJson(req, TeamPolicyBody);
  await setTeamPolicy(teamId, value.policy, who);
  return json({ policy: value.policy });
});
