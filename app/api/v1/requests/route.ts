import { ROUTES } from "@/lib/api/routes";
import { apiRoute } from "@/lib/api/handler";
import { json } from "@/lib/api/problem";
import { listRequests } from "@/lib/questions/read";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/requests — the front (lib/api/front.ts) serves it too, with the same handler.
export { createRequest as POST } from "@/lib/api/endpoints/create-request";

// GET /api/v1/requests — filtered, cursor-paged list (pending is FIFO)
export const GET = apiRoute(ROUTES.listRequests, async ({ scope, query }) => {
  return json(await listRequests(scope, query()));
});
