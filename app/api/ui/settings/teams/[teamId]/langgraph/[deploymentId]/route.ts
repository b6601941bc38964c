// DELETE /api/ui/settings/teams/:teamId/langgraph/:deploymentId — stop watching the deployment.
import { readJson } from "@/lib/api/body";
import { uiRoute } from "@/lib/auth/ui-route";
import { requireTeamAdmin } from "@/lib/settings/access";
import { EmptyBody } from "@/lib/settings/schemas";
import { disconnectDeployment } from "@/lib/langgraph/deployments";

export const DELETE = uiRoute<{ teamId: string; deploymentId: string }>("admin", async ({ req, user, params }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  await readJson(req, EmptyBody);
  await disconnectDeployment(teamId, params.deploymentId);
  return new Response(null, { status: 204 });
});
