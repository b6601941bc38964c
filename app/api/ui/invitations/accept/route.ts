import { readJson } from "@openoxide/questions-core/api/body";
import { publicRoute } from "@openoxide/questions-core/api/core";
import { json } from "@openoxide/questions-core/api/problem";
import { oauthProviders } from "@openoxide/questions-core/auth/providers";
import { checkSameOrigin } from "@openoxide/questions-core/auth/ui-route";
import { AppError } from "@openoxide/questions-core/errors";
import { acceptInvitation } from "@openoxide/questions-core/invitations/invitations";
import { AcceptInvitationBody } from "@openoxide/questions-core/invitations/schemas";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/ui/invitations/accept — the invited person (not signed in) creates their account from
// the link's token. Same-origin and JSON only, like every browser mutation; budgeted per address.
export const POST = publicRoute(async ({ req, url, address }) => {
  checkSameOrigin(req, url);
  const { value } = await readJson(req, AcceptInvitationBody);
  if (value.sso && oauthProviders().length === 0) {
    throw new AppError("validation", "Single sign-on is not configured here: set a password.", [{ path: "sso", message: "no SSO provider" }]);
  }
  const { email } = await acceptInvitation({ token: value.token, name: value.name, password: value.password, address });
  return json({ email }, 201);
});
