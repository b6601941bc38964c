import { ROUTES } from "@/lib/api/routes";
import { apiRoute } from "@/lib/api/handler";
import { json } from "@/lib/api/problem";
import { AppError } from "@/lib/errors";
import { waits } from "@/lib/events/waits";
import { waitForRequest } from "@/lib/questions/wait";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/requests/:id — read; ?wait=N blocks until terminal or N seconds pass
export const GET = apiRoute(ROUTES.getRequest, async ({ req, principal, scope, params, query }) => {
  const { wait } = query();
  // A long-poll holds a lease: counted toward WAITS_PER_TOKEN, ended when the token is revoked.
  const lease = wait > 0 ? waits.forToken(principal.tokenId, req.signal) : null;
  try {
    const request = await waitForRequest(scope, params.id, wait * 1000, lease?.signal ?? req.signal);
    if (lease?.revoked) throw new AppError("unauthorized", "The token was revoked.", undefined, { "www-authenticate": "Bearer" });
    return json(request, 200, { etag: `"v${request.version}"` });
  } finally {
    lease?.release();
  }
});
