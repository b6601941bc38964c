// PUT /api/ui/settings/notifications — the signed-in user's mail preference: `{ email: boolean }`.
import { json } from "@openoxide/questions-core/api/problem";
import { readJson } from "@openoxide/questions-core/api/body";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { EmailPrefsBody } from "@openoxide/questions-core/notify/schemas";
import { setEmailOptOut } from "@openoxide/questions-core/notify/prefs";

export const PUT = uiRoute("reviewer", async ({ req, user }) => {
  const { value } = await readJson(req, EmailPrefsBody);
  await setEmailOptOut(user.id, !value.email);
  return json({ email: value.email });
});
