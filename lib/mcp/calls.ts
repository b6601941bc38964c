// The two tool calls. Both go through the domain functions the REST API uses (createRequest,
// waitForRequest): same validation, limits, policies and wake-ups; no second create or wait path.
import type { Principal } from "../auth/principal";
import { AppError, fieldErrors, type FieldError } from "../errors";
import { waits, type Lease } from "../events/waits";
import { log } from "../log";
import { PERMISSION_PROMPT, permissionPrompt } from "../claude-code/prompt-tool";
import { ASK_HUMAN, AskHumanInputSchema } from "../openapi/tool-schema";
import { createRequest } from "../questions/create";
import { CreateRequestSchema } from "../questions/schemas";
import { waitForAnswer } from "../questions/wait";
import type { McpConfig } from "./config";
import { pendingResult, requestResult, toolError, type ToolResult } from "./result";
import { DEFAULT_CLIENT_NAME, type McpSession } from "./session";
import { getAnswerInputSchema } from "./tools";

export type CallContext = {
  principal: Principal;
  session: McpSession | null;
  /** the agent's own session, when the client names one (./agent-session.ts) */
  agentSessionId?: string;
  cfg: McpConfig;
  correlationId: string;
  /** aborted when the client cancels the call or drops the connection: we stop waiting, the request stays */
  signal: AbortSignal;
  /** the call's wait lease (lib/mcp/leases.ts), reserved before the POST was handled; ends as `signal` does, and on revocation */
  lease?: Lease;
  /** set when the call carries a progressToken */
  progress?: (elapsedSeconds: number, totalSeconds?: number) => Promise<void>;
};

function invalid(errors: FieldError[]): ToolResult {
  const lines = errors.map((e) => `- ${e.path}: ${e.message}`);
  return toolError(["Invalid input; nothing was created. Fix these fields and call the tool again:", ...lines].join("\n"));
}

/** Waits up to `seconds`, with notifications/progress every cfg.progressSeconds when asked for. */
async function waitWithProgress(ctx: CallContext, requestId: string, seconds: number): Promise<ToolResult> {
  const started = Date.now();
  const timer = ctx.progress
    ? setInterval(() => {
        void ctx.progress!(Math.round((Date.now() - started) / 1000), seconds).catch(() => undefined);
      }, ctx.cfg.progressSeconds * 1000)
    : undefined;
  const lease = ctx.lease;
  try {
    const scope = { teamId: ctx.principal.teamId, tokenId: ctx.principal.tokenId };
    // The lease ends with the call (its client gone or the call cancelled) and on revocation.
    const answered = await waitForAnswer(scope, requestId, seconds * 1000, lease ?? ctx.signal);
    // A revoked token's call never receives the answer, even one that woke it before the periodic check.
    if (lease && !(await waits.confirm(lease, answered?.liveToken))) throw new AppError("unauthorized", "The token was revoked; this call ends without the answer.");
    return answered ? requestResult(answered.request) : pendingResult(requestId);
  } catch (e) {
    // Draining for a restart: the request is durable, the model waits again with get_answer.
    if (e instanceof AppError && e.code === "unavailable") return pendingResult(requestId);
    throw e;
  } finally {
    clearInterval(timer);
    lease?.release();
  }
}

async function askHuman(ctx: CallContext, args: unknown): Promise<ToolResult> {
  const input = AskHumanInputSchema.safeParse(args ?? {});
  if (!input.success) return invalid(fieldErrors(input.error));
  const body = CreateRequestSchema.safeParse({
    ...input.data,
    source: "model_tool",
    mode: "interactive",
    agent: { name: ctx.session?.clientName ?? DEFAULT_CLIENT_NAME, ...(ctx.agentSessionId ? { sessionId: ctx.agentSessionId } : {}) },
  });
  if (!body.success) return invalid(fieldErrors(body.error));
  // The transport session is recorded apart: ending it (DELETE) withdraws what it asked.
  const { request } = await createRequest({ principal: ctx.principal, body: body.data, mcpSessionId: ctx.session?.agentSessionId });
  if (request.status !== "pending") return requestResult(request);
  return waitWithProgress(ctx, request.id, ctx.cfg.waitSeconds);
}

async function getAnswer(ctx: CallContext, args: unknown): Promise<ToolResult> {
  const input = getAnswerInputSchema(ctx.cfg).safeParse(args ?? {});
  if (!input.success) return invalid(fieldErrors(input.error));
  // Longer than the server's limit waits the limit (then `pending`): the model need not know it.
  return waitWithProgress(ctx, input.data.requestId, Math.min(input.data.waitSeconds ?? ctx.cfg.waitSeconds, ctx.cfg.waitSeconds));
}

export async function callTool(ctx: CallContext, name: string, args: unknown): Promise<ToolResult> {
  try {
    if (name === ASK_HUMAN) return await askHuman(ctx, args);
    if (name === "get_answer") return await getAnswer(ctx, args);
    if (name === PERMISSION_PROMPT) {
      const progress = ctx.progress;
      const lease = ctx.lease ? { lease: ctx.lease } : {};
      const sessions = { sessionId: ctx.agentSessionId, mcpSessionId: ctx.session?.agentSessionId };
      return await permissionPrompt({ principal: ctx.principal, ...sessions, ...lease, signal: ctx.signal, progressSeconds: ctx.cfg.progressSeconds, progress }, args);
    }
    return toolError(`Unknown tool "${name}". The tools are ask_human and get_answer (and permission_prompt for Claude Code).`);
  } catch (e) {
    if (e instanceof AppError) {
      if (e.code === "validation") return invalid(e.errors ?? [{ path: "(input)", message: e.detail ?? e.message }]);
      if (e.code === "not_found") {
        return toolError("No such request for this token: pass the requestId returned by your own ask_human call.");
      }
      return toolError(e.detail ?? e.message);
    }
    const err = e as { name?: string; code?: string };
    log.error({ rid: ctx.correlationId, tool: name, error: err?.name, code: err?.code }, "mcp tool failed");
    return toolError(`Something went wrong on the server; quote ${ctx.correlationId} when reporting it.`);
  }
}
