// GET /api/ui/settings/teams/:teamId/langgraph — the LangGraph deployments the team watches (never their API keys).
// POST — connect one.
import { json } from "@/lib/api/problem";
import { readJson } from "@/lib/api/body";
import { uiRoute } from "@/lib/auth/ui-route";
import { requireTeamAdmin } from "@/lib/settings/access";
import { ConnectDeploymentBody, connectDeployment, listDeployments } from "@/lib/langgraph/deployments";

export const GET = uiRoute<{ teamId: string }>("admin", async ({ user, params }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  return json({ data: await listDeployments(teamId) });
});

export const POST = uiRoute<{ teamId: string }>("admin", async ({ req, user, params }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  const { value } = await readJson(req, ConnectDeploymentBody);
  return json(await connectDeployment(teamId, value), 201);
});
