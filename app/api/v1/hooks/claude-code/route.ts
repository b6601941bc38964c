import { ROUTES } from "@/lib/api/routes";
import { apiRoute } from "@/lib/api/handler";
import { json } from "@/lib/api/problem";
import { claudeCodeHook } from "@/lib/claude-code/hook";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/v1/hooks/claude-code — Claude Code's PermissionRequest / SessionEnd HTTP hook (?timeout=<the hook's timeout>)
export const POST = apiRoute(ROUTES.claudeCodeHook, async ({ req, principal, body, query }) => {
  const { value } = await body();
  return json(await claudeCodeHook({ principal, input: value, timeout: query().timeout, signal: req.signal }));
});
