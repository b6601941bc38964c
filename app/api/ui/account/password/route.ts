// POST /api/ui/account/password — the signed-in person changes their own password.
import { readJson } from "@/lib/api/body";
import { uiRoute } from "@/lib/auth/ui-route";
import { ChangePasswordBody, changePassword } from "@/lib/account/password";

export const runtime = "nodejs";

export const POST = uiRoute("reviewer", async ({ req, user }) => {
  const { value } = await readJson(req, ChangePasswordBody);
  await changePassword(user.id, value);
  return new Response(null, { status: 204 });
});
