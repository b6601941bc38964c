// /api/v1/requests — POST creates a question request (optionally idempotent); GET lists them
// (filtered, cursor-paged; pending is FIFO). A realtime route for create's throughput: through
// Next's route pipeline a create cost ~3 times the CPU (docs/decisions.md "One HTTP path per route").
import { ROUTES } from "../../api/routes";
import { jsonReply } from "../../api/problem";
import { AppError } from "../../errors";
import { createRequest as create } from "../../questions/create";
import { listRequests as list } from "../../questions/read";
import { headerOf } from "../headers";
import { realtimeRoute } from "../route";

export const createRequest = realtimeRoute(ROUTES.createRequest, async ({ req, principal, body }) => {
  const key = headerOf(req, "idempotency-key")?.trim() || undefined;
  if (key !== undefined && !/^[\x21-\x7e]{1,200}$/.test(key)) {
    throw new AppError("validation", "Idempotency-Key must be 1–200 visible ASCII characters.", [
      { path: "Idempotency-Key", message: "1–200 visible ASCII characters" },
    ]);
  }
  const { raw, value } = await body();
  const { request, replayed } = await create({ principal, body: value, idempotencyKey: key, rawBody: raw });
  return jsonReply(request, replayed ? 200 : 201, replayed ? { "idempotent-replayed": "true" } : {});
});

export const listRequests = realtimeRoute(ROUTES.listRequests, async ({ scope, query }) => jsonReply(await list(scope, query())));
