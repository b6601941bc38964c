import { db } from "@/lib/db/client";
import { json } from "@/lib/api/problem";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/health — liveness and database reachability, no auth
export async function GET(): Promise<Response> {
  try {
    await db().team.findFirst({ select: { id: true } });
    return json({ ok: true });
  } catch {
    return json({ ok: false, database: "unreachable" }, 503);
  }
}
