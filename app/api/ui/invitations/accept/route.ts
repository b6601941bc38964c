// POST /api/ui/invitations/accept — the invited person (not signed in) creates their account from
// the link's token. Same-origin and JSON only, like every browser mutation; errors as problem+json.
import { randomUUID } from "node:crypto";
import { readJson } from "@/lib/api/body";
import { json } from "@/lib/api/problem";
import { toProblem } from "@/lib/api/handler";
import { oauthProviders } from "@/lib/auth/providers";
import { checkSameOrigin } from "@/lib/auth/ui-route";
import { AppError } from "@/lib/errors";
import { acceptInvitation } from "@/lib/invitations/invitations";
import { AcceptInvitationBody } from "@/lib/invitations/schemas";
import { log } from "@/lib/log";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export async function POST(req: Request): Promise<Response> {
  const rid = randomUUID();
  const url = new URL(req.url);
  let res: Response;
  try {
    checkSameOrigin(req, url);
    const { value } = await readJson(req, AcceptInvitationBody);
    if (value.sso && oauthProviders().length === 0) {
      throw new AppError("validation", "Single sign-on is not configured here: set a password.", [{ path: "sso", message: "no SSO provider" }]);
    }
    const { email } = await acceptInvitation({ token: value.token, name: value.name, password: value.password });
    res = json({ email }, 201);
  } catch (e) {
    res = toProblem(e, rid, req.method, url.pathname);
  }
  res.headers.set("x-request-id", rid);
  log.info({ rid, method: req.method, path: url.pathname, status: res.status }, "ui");
  return res;
}
