// An admin of the default team signed in over HTTP, who makes API tokens through Settings' own
// route: one CLI call instead of one per token (each CLI start costs seconds on a busy machine).
import { runAdmin } from "./cli";
import { uid } from "./clients";
import { rawQuery } from "./raw-db";
import { signIn } from "../api/notify-helpers";

export async function defaultTeamAdmin(baseUrl: string, dataDir: string) {
  const email = `admin-${uid()}@example.test`;
  const password = `pw-${uid()}-${uid()}`;
  const made = await runAdmin(dataDir, ["user", "create", email, "--password", password, "--team", "default", "--role", "admin"]);
  if (made.code !== 0) throw new Error(made.stderr);
  const teamId = (await rawQuery<{ id: string }>(dataDir, `SELECT id FROM "Team" WHERE slug = ?`, ["default"]))[0]!.id;
  const ui = await signIn(baseUrl, email, password);
  const token = async (scopes: string[]): Promise<string> => {
    const res = await ui("POST", `/api/ui/settings/teams/${teamId}/tokens`, { name: `t-${uid()}`, scopes, policy: "allow" });
    if (!res.ok) throw new Error(`token create: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { token: string }).token;
  };
  return { teamId, ui, token };
}
