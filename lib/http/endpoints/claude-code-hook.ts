// POST /api/v1/hooks/claude-code — Claude Code's PermissionRequest / SessionEnd HTTP hook (?timeout=<the hook's timeout>)
import { ROUTES } from "../../api/routes";
import { jsonReply } from "../../api/problem";
import { claudeCodeHook as hook } from "../../claude-code/hook";
import { realtimeRoute } from "../route";

export const claudeCodeHook = realtimeRoute(ROUTES.claudeCodeHook, async ({ principal, body, query, signal }) => {
  const { value } = await body();
  return jsonReply(await hook({ principal, input: value, timeout: query().timeout, signal }));
});
