// GET /api/v1/requests/:id — read; ?wait=N blocks until terminal or N seconds pass.
// Served by the front (lib/api/front.ts) and, the same code, by the Next route file.
import { ROUTES } from "../routes";
import { apiRoute } from "../handler";
import { jsonText } from "../front-reply";
import { AppError } from "../../errors";
import { waits } from "../../events/waits";
import { viewJson, waitForRequest } from "../../questions/wait";

export const getRequest = apiRoute(ROUTES.getRequest, async ({ req, principal, scope, params, query }) => {
  const { wait } = query();
  // A long-poll holds a lease: counted toward WAITS_PER_TOKEN, ended when the token is revoked.
  const lease = wait > 0 ? waits.forToken(principal.tokenId, req.signal) : null;
  try {
    const request = await waitForRequest(scope, params.id, wait * 1000, lease ?? req.signal);
    if (lease?.revoked) throw new AppError("unauthorized", "The token was revoked.", undefined, { "www-authenticate": "Bearer" });
    return jsonText(req, viewJson(request), 200, { etag: `"v${request.version}"` });
  } finally {
    lease?.release();
  }
});
