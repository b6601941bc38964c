export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/requests/:id — the front (lib/api/front.ts) serves it too, with the same handler.
export { getRequest as GET } from "@/lib/api/endpoints/get-request";
