// POST /api/ui/settings/teams/:teamId/tokens — a new API token, returned once and never again.
import { json } from "@openoxide/questions-core/api/problem";
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";
import { CreateTokenBody } from "@openoxide/questions-core/settings/schemas";
import { createToken } from "@openoxide/questions-core/teams/tokens";

export const POST = uiRoute<{ teamId: string }>("admin", async ({ req, user, params, who }) => {
  const team = requireTeamAdmin(user, params.teamId);
  const { value } = await readJson(req, CreateTokenBody);
  const t = await createToken({ id: team.teamId, slug: team.teamSlug }, { ...value, scopes: value.scopes.join(",") }, who);
  return json({ id: t.id, name: t.name, scopes: t.scopes, policy: t.policy, token: t.token }, 201);
});
