import { ROUTES } from "@/lib/api/routes";
import { apiRoute } from "@/lib/api/handler";
import { json } from "@/lib/api/problem";
import { claimSecrets } from "@/lib/secrets/store";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/requests/:id/secrets/claim — plaintext secret answers, to the creating token, once
export const POST = apiRoute(ROUTES.claimSecrets, async ({ own, params }) => {
  const values = await claimSecrets({ scope: own, id: params.id });
  return json(values, 200, { "cache-control": "no-store" });
});
