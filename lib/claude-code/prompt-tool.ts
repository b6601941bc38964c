// The MCP tool `permission_prompt`, for `claude -p … --permission-prompt-tool
// mcp__questions__permission_prompt`: Claude Code calls it for every tool call that needs a
// person's permission (its own AskUserQuestion included) and reads one text block holding its
// decision. It waits until a decision or the request's expiry (no get_answer exists for a
// permission), sending progress so Claude Code keeps the call open.
import { z } from "zod";
import type { Principal } from "../auth/principal";
import type { Lease } from "../events/waits";
import { fieldErrors } from "../errors";
import type { McpTool } from "../openapi/tool-schema";
import { askInbox } from "./ask";
import { mapToolCall } from "@openoxide/questions-client/claude-code";
import { PermissionPromptInputSchema, type Decision } from "./schemas";

export const PERMISSION_PROMPT = "permission_prompt";

export function permissionPromptTool(): McpTool {
  return {
    name: PERMISSION_PROMPT,
    title: "Claude Code permission prompt",
    description:
      "Not for models: Claude Code calls this itself when started with `--permission-prompt-tool mcp__questions__permission_prompt`. " +
      "It asks a reviewer in the inbox whether a tool call may run (AskUserQuestion: the reviewer answers the questions) and " +
      'returns Claude Code\'s decision as JSON text: {"behavior":"allow","updatedInput":…} or {"behavior":"deny","message":…}.',
    inputSchema: z.toJSONSchema(PermissionPromptInputSchema, { target: "draft-2020-12", io: "input" }) as Record<string, unknown>,
    annotations: { title: "Claude Code permission prompt", readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  };
}

export type PromptContext = {
  principal: Principal;
  /** Claude Code's own session, when it names one (lib/mcp/agent-session.ts) */
  sessionId?: string;
  /** the MCP transport session: ending it (DELETE) withdraws its prompts */
  mcpSessionId?: string;
  signal: AbortSignal;
  /** the wait lease the MCP POST reserved for this call (lib/mcp/leases.ts) */
  lease?: Lease;
  progressSeconds: number;
  progress?: (elapsedSeconds: number) => Promise<void>;
};

type Text = { content: { type: "text"; text: string }[]; isError?: boolean };
const text = (decision: Decision): Text => ({ content: [{ type: "text", text: JSON.stringify(decision) }] });

export async function permissionPrompt(ctx: PromptContext, args: unknown): Promise<Text> {
  const input = PermissionPromptInputSchema.safeParse(args ?? {});
  if (!input.success) {
    const lines = fieldErrors(input.error).map((e) => `- ${e.path}: ${e.message}`);
    return { content: [{ type: "text", text: ["Invalid input; nothing was created:", ...lines].join("\n") }], isError: true };
  }
  const { tool_name, input: toolInput, tool_use_id } = input.data;
  const mapped = mapToolCall({ toolName: tool_name, input: toolInput, sessionId: ctx.sessionId, toolUseId: tool_use_id });
  const progress = ctx.progress;
  const request = await askInbox({
    principal: ctx.principal,
    mapped,
    mcpSessionId: ctx.mcpSessionId,
    // A retried call (same tool_use_id) finds the same request instead of asking twice.
    idempotencyKey: tool_use_id ? `claude-code:${tool_use_id}` : undefined,
    deadline: Infinity,
    signal: ctx.signal,
    lease: ctx.lease,
    reasons: { deadline: "no decision in time", gone: "Claude Code stopped waiting for the decision" },
    progress: progress ? { everySeconds: ctx.progressSeconds, send: (s) => void progress(s).catch(() => undefined) } : undefined,
  });
  const r = request.response;
  const fallback = r && "rejection" in r ? r.rejection.message : "No reviewer decided.";
  return text(mapped.decide(request) ?? { behavior: "deny", message: fallback });
}
