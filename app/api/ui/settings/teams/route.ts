// POST /api/ui/settings/teams — an admin creates a team and becomes its admin.
import { json } from "@/lib/api/problem";
import { readJson } from "@/lib/api/body";
import { uiRoute } from "@/lib/auth/ui-route";
import { CreateTeamBody } from "@/lib/settings/schemas";
import { createTeamAsAdmin } from "@/lib/settings/teams";

export const POST = uiRoute("admin", async ({ req, user }) => {
  const { value } = await readJson(req, CreateTeamBody);
  return json(await createTeamAsAdmin(user.id, value), 201);
});
