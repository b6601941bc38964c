export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/events — the front (lib/api/front.ts) serves it too, with the same handler.
export { streamEvents as GET } from "@/lib/api/endpoints/stream-events";
