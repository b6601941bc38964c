// GET /api/ui/settings/teams/:teamId/callback-secret — reveal the key agent callbacks are signed with.
// POST — rotate it (callbacks sent from then on use the new one).
import { json } from "@openoxide/questions-core/api/problem";
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { requireTeamAdmin } from "@openoxide/questions-core/settings/access";
import { EmptyBody } from "@openoxide/questions-core/settings/schemas";
import { callbackSecret, callbackSecretInfo, rotateCallbackSecret } from "@openoxide/questions-core/notify/callbacks";

export const GET = uiRoute<{ teamId: string }>("admin", async ({ user, params }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  const secret = await callbackSecret(teamId);
  return json({ secret, ...(await callbackSecretInfo(teamId)) });
});

export const POST = uiRoute<{ teamId: string }>("admin", async ({ req, user, params, who }) => {
  const { teamId } = requireTeamAdmin(user, params.teamId);
  await readJson(req, EmptyBody);
  const secret = await rotateCallbackSecret(teamId, who);
  return json({ secret, ...(await callbackSecretInfo(teamId)) });
});
