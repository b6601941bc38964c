import { publicRoute } from "@openoxide/questions-core/api/core";
import { json } from "@openoxide/questions-core/api/problem";
import { db } from "@openoxide/questions-core/db/client";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/health — liveness and database reachability, no auth, no budget (a load balancer
// polls it); 503 while draining, so the balancer stops sending before the process exits
export const GET = publicRoute(
  async () => {
    try {
      await db().team.findFirst({ select: { id: true } });
      return json({ ok: true });
    } catch {
      return json({ ok: false, database: "unreachable" }, 503);
    }
  },
  { budget: false },
);
