import { ROUTES } from "@/lib/api/routes";
import { apiRoute } from "@/lib/api/handler";
import { parseQuery } from "@/lib/api/body";
import { json } from "@/lib/api/problem";
import { AppError } from "@/lib/errors";
import { waits } from "@/lib/events/waits";
import { waitForRequest } from "@/lib/questions/wait";
import { z } from "zod";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const Query = z.object({ wait: z.coerce.number().int().min(0).max(60).default(0) }).strict();

// GET /api/v1/requests/:id — read; ?wait=N blocks until terminal or N seconds pass
export const GET = apiRoute<{ id: string }>(ROUTES.getRequest, async ({ req, url, principal, scope, params }) => {
  const { wait } = parseQuery(url, Query);
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
