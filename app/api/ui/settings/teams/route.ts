// POST /api/ui/settings/teams — an admin creates a team and becomes its admin.
import { json } from "@/lib/api/problem";
import { readJson } from "@/lib/api/body";
import { uiRoute } from "@/lib/auth/ui-route";
import { CreateTeamBody } from "@/lib/settings/schemas";
import { createTeam } from "@/lib/teams/teams";

export const POST = uiRoute("admin", async ({ req, user, who }) => {
  const { value } = await readJson(req, CreateTeamBody);
  return json(await createTeam({ slug: value.slug, name: value.name || undefined, adminUserId: user.id }, who), 201);
});
