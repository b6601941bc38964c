// GET /api/ui/settings/teams/:teamId/langgraph — the LangGraph deployments the team watches (never their API keys).
// POST — connect one.
import { json } from "@openoxide/questions-core/api/problem";
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";
import { ConnectDeploymentBody, connectDeployment, listDeployments } from "@openoxide/questions-core/langgraph/deployments";

export const GET = uiRoute<{ teamId: string }>("admin", async ({ user, params }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  return json({ data: await listDeployments(teamId) });
});

export const POST = uiRoute<{ teamId: string }>("admin", async ({ req, user, params }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  const { value } = await readJson(req, ConnectDeploymentBody);
  return json(await connectDeployment(teamId, value), 201);
});
