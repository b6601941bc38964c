// POST /api/ui/settings/teams — an admin creates a team and becomes its admin.
import { json } from "@openoxide/questions-core/api/problem";
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { CreateTeamBody } from "@openoxide/questions-core/settings/schemas";
import { createTeam } from "@openoxide/questions-core/teams/teams";

export const POST = uiRoute("admin", async ({ req, user, who }) => {
  const { value } = await readJson(req, CreateTeamBody);
  return json(await createTeam({ slug: value.slug, name: value.name || undefined, adminUserId: user.id }, who), 201);
});
