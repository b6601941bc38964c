import { ROUTES } from "@openoxide/questions-core/api/routes";
import { apiRoute } from "@openoxide/questions-core/api/handler";
import { json } from "@openoxide/questions-core/api/problem";
import { AppError } from "@openoxide/questions-core/errors";
import { createRequest } from "@openoxide/questions-core/questions/create";
import { listRequests } from "@openoxide/questions-core/questions/read";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/requests — create a question request (optionally idempotent)
export const POST = apiRoute(ROUTES.createRequest, async ({ req, principal, body }) => {
  const key = req.headers.get("idempotency-key")?.trim() || undefined;
  if (key !== undefined && !/^[\x21-\x7e]{1,200}$/.test(key)) {
    throw new AppError("validation", "Idempotency-Key must be 1–200 visible ASCII characters.", [
      { path: "Idempotency-Key", message: "1–200 visible ASCII characters" },
    ]);
  }
  const { raw, value } = await body();
  const { request, replayed } = await createRequest({ principal, body: value, idempotencyKey: key, rawBody: raw });
  return json(request, replayed ? 200 : 201, replayed ? { "idempotent-replayed": "true" } : {});
});

// GET /api/v1/requests — filtered, cursor-paged list (pending is FIFO)
export const GET = apiRoute(ROUTES.listRequests, async ({ scope, query }) => {
  return json(await listRequests(scope, query()));
});
