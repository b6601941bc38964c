// PUT /api/ui/settings/notifications — the signed-in user's mail preference: `{ email: boolean }`.
import { json } from "@/lib/api/problem";
import { readJson } from "@/lib/api/body";
import { uiRoute } from "@/lib/auth/ui-route";
import { EmailPrefsBody } from "@/lib/notify/schemas";
import { setEmailOptOut } from "@/lib/notify/prefs";

export const PUT = uiRoute("reviewer", async ({ req, user }) => {
  const { value } = await readJson(req, EmailPrefsBody);
  await setEmailOptOut(user.id, !value.email);
  return json({ email: value.email });
});
