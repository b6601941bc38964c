// POST /api/v1/requests — create a question request (optionally idempotent).
// Served by the front (lib/api/front.ts) and, the same code, by the Next route file.
import { ROUTES } from "../routes";
import { apiRoute } from "../handler";
import { json } from "../problem";
import { AppError } from "../../errors";
import { createRequest as create } from "../../questions/create";

export const createRequest = apiRoute(ROUTES.createRequest, async ({ req, principal, body }) => {
  const key = req.headers.get("idempotency-key")?.trim() || undefined;
  if (key !== undefined && !/^[\x21-\x7e]{1,200}$/.test(key)) {
    throw new AppError("validation", "Idempotency-Key must be 1–200 visible ASCII characters.", [
      { path: "Idempotency-Key", message: "1–200 visible ASCII characters" },
    ]);
  }
  const { raw, value } = await body();
  const { request, replayed } = await create({ principal, body: value, idempotencyKey: key, rawBody: raw });
  return json(request, replayed ? 200 : 201, replayed ? { "idempotent-replayed": "true" } : {});
});
