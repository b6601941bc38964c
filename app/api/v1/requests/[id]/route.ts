import { ROUTES } from "@/lib/api/routes";
import { apiRoute } from "@/lib/api/handler";
import { parseQuery } from "@/lib/api/body";
import { json } from "@/lib/api/problem";
import { waitForRequest } from "@/lib/questions/wait";
import { z } from "zod";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const Query = z.object({ wait: z.coerce.number().int().min(0).max(60).default(0) }).strict();

// GET /api/v1/requests/:id — read; ?wait=N blocks until terminal or N seconds pass
export const GET = apiRoute<{ id: string }>(ROUTES.getRequest, async ({ req, url, scope, params }) => {
  const { wait } = parseQuery(url, Query);
  const request = await waitForRequest(scope, params.id, wait * 1000, req.signal);
  return json(request, 200, { etag: `"v${request.version}"` });
});
