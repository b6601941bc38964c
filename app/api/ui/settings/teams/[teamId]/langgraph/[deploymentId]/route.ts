// DELETE /api/ui/settings/teams/:teamId/langgraph/:deploymentId — stop watching the deployment.
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";
import { EmptyBody } from "@openoxide/questions-core/settings/schemas";
import { disconnectDeployment } from "@openoxide/questions-core/langgraph/deployments";

export const DELETE = uiRoute<{ teamId: string; deploymentId: string }>("admin", async ({ req, user, params }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  await readJson(req, EmptyBody);
  await disconnectDeployment(teamId, params.deploymentId);
  return new Response(null, { status: 204 });
});
