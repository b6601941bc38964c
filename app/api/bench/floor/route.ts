// The "bare route" floor for `npm run bench`: the same Next.js server and router, no auth, no
// database. It exists only when the server was started with BENCH_FLOOR=1; otherwise it is a 404.
import { env } from "@openoxide/questions-core/config/env";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const enabled = () => env().BENCH_FLOOR;
const notFound = () => new Response(null, { status: 404 });
const ok = () => Response.json({ ok: true });

// GET /api/bench/floor — constant JSON (benchmark floor only)
export async function GET(): Promise<Response> {
  return enabled() ? ok() : notFound();
}

// POST /api/bench/floor — reads the body like a real handler would, then constant JSON
export async function POST(req: Request): Promise<Response> {
  if (!enabled()) return notFound();
  await req.arrayBuffer();
  return ok();
}
