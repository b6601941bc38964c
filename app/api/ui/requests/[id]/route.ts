import { json } from "@openoxide/questions-core/api/problem";
import { uiRoute } from "@openoxide/questions-core/auth/ui-route";
import { AppError } from "@openoxide/questions-core/errors";
import { getInboxRequest } from "@openoxide/questions-core/questions/inbox";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/ui/requests/:id — one request of the user's teams (404 for any other team's)
export const GET = uiRoute<{ id: string }>("reviewer", async ({ teamIds, params }) => {
  const request = await getInboxRequest({ teamIds, id: params.id });
  if (!request) throw new AppError("not_found", `No request ${params.id}.`);
  return json(request, 200, { etag: `"v${request.version}"` });
});
