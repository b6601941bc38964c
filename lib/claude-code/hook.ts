// Claude Code's HTTP hook (POST /api/v1/hooks/claude-code). PermissionRequest: ask the inbox and
// answer with the decision just before the hook's own timeout; if nobody decided by then, answer
// with no decision (Claude Code asks in its terminal) and withdraw the request. SessionEnd:
// withdraw that session's pending requests. HTTP-layer free: the realtime route (lib/http/endpoints/claude-code-hook.ts) only parses and replies.
import { actorLabel, type Principal } from "../auth/principal";
import { AppError } from "../errors";
import { cancelSession } from "../questions/actions";
import { askInbox } from "./ask";
import { mapToolCall } from "@openoxide/questions-client/claude-code";
import type { ClaudeCodeHook, Decision } from "./schemas";

export type HookOutput = { hookSpecificOutput?: { hookEventName: "PermissionRequest"; decision: Decision } };

export const TERMINAL_INSTEAD = "asked in the terminal instead";

/** When to answer: a margin before Claude Code gives up (10% of the timeout, 2–5 s: a cancel and the reply must fit in it). */
export function answerBy(timeoutSeconds: number, now = Date.now()): number {
  const margin = Math.min(5, Math.max(2, timeoutSeconds * 0.1));
  return now + (timeoutSeconds - margin) * 1000;
}

export async function claudeCodeHook(opts: { principal: Principal; input: ClaudeCodeHook; timeout?: number; signal: AbortSignal }): Promise<HookOutput> {
  const { principal, input } = opts;
  const scope = { teamId: principal.teamId, tokenId: principal.tokenId };
  if (input.hook_event_name === "SessionEnd") {
    await cancelSession({ scope, sessionId: input.session_id, actor: actorLabel(principal) });
    return {};
  }
  if (opts.timeout === undefined) {
    throw new AppError("validation", "Add ?timeout=<seconds> to the hook URL: the same number as the hook's `timeout`.", [
      { path: "timeout", message: "required for PermissionRequest: the hook's timeout in seconds" },
    ]);
  }
  const mapped = mapToolCall({
    toolName: input.tool_name,
    input: input.tool_input,
    sessionId: input.session_id,
    cwd: input.cwd,
    suggestions: input.permission_suggestions,
  });
  const request = await askInbox({
    principal,
    mapped,
    deadline: answerBy(opts.timeout),
    signal: opts.signal,
    // Claude Code gone first (its own timeout passed, or the turn was interrupted): the terminal has it either way.
    reasons: { deadline: TERMINAL_INSTEAD, gone: TERMINAL_INSTEAD },
  });
  const decision = mapped.decide(request);
  return decision ? { hookSpecificOutput: { hookEventName: "PermissionRequest", decision } } : {};
}
