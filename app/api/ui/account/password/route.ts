// POST /api/ui/account/password — the signed-in person changes their own password.
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { ChangePasswordBody, changePassword } from "@openoxide/questions-core/account/password";

export const runtime = "nodejs";

export const POST = uiRoute("reviewer", async ({ req, user }) => {
  const { value } = await readJson(req, ChangePasswordBody);
  await changePassword(user.id, value);
  return new Response(null, { status: 204 });
});
