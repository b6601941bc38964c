import { ROUTES } from "@openoxide/questions-core/api/routes";
import { apiRoute } from "@openoxide/questions-core/api/handler";
import { json } from "@openoxide/questions-core/api/problem";
import { claimSecrets } from "@openoxide/questions-core/secrets/store";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/requests/:id/secrets/claim — plaintext secret answers, to the creating token, once
export const POST = apiRoute(ROUTES.claimSecrets, async ({ own, params }) => {
  const values = await claimSecrets({ scope: own, id: params.id });
  return json(values, 200, { "cache-control": "no-store" });
});
