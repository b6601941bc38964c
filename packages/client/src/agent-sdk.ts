// `canUseTool` for the Claude Agent SDK: every permission request (and AskUserQuestion) becomes an
// inbox request, mapped exactly as the app's Claude Code hook maps it, and the reviewer's answer
// becomes the SDK's PermissionResult. One line in an agent: `canUseTool: inboxCanUseTool()`.
import type { CanUseTool, PermissionResult, PermissionUpdate } from "@anthropic-ai/claude-agent-sdk";
import { mapToolCall } from "./claude-code/map.ts";
import { QuestionsClient } from "./client.ts";
import { ApiError } from "./errors.ts";
import type { QuestionRequest } from "./types.ts";

export interface InboxCanUseToolOptions {
  /** A client to use; else one from `baseUrl`/`token` (default: QUESTIONS_URL / QUESTIONS_TOKEN). */
  client?: QuestionsClient;
  baseUrl?: string;
  token?: string;
  /** Groups the requests in the inbox; cancel them all with `client.cancelSession(sessionId)`. */
  sessionId?: string;
  /** Shown to the reviewer and matched by team rules (default: the process's working directory). */
  cwd?: string;
  /** Stop waiting after this long and deny (the request is withdrawn). Default: until it is decided or expires. */
  timeoutMs?: number;
  /** Called once the request exists, e.g. to log where it can be answered. */
  onRequest?: (request: QuestionRequest) => void;
}

const env = (name: string): string | undefined => (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env[name];

export function inboxCanUseTool(opts: InboxCanUseToolOptions = {}): CanUseTool {
  const client =
    opts.client ??
    new QuestionsClient({
      baseUrl: opts.baseUrl ?? env("QUESTIONS_URL") ?? "http://localhost:3000",
      token: opts.token ?? env("QUESTIONS_TOKEN") ?? "",
      userAgent: "openoxide-questions-client/agent-sdk",
    });
  const cwd = opts.cwd ?? (globalThis as { process?: { cwd(): string } }).process?.cwd();
  return async (toolName, input, options): Promise<PermissionResult> => {
    const mapped = mapToolCall({
      toolName,
      input,
      sessionId: opts.sessionId,
      cwd,
      toolUseId: options.toolUseID,
      suggestions: options.suggestions,
      allowAlways: !options.suppressAlwaysAllowRule,
    });
    const { signal } = options;
    // A retried permission request (same tool use) finds the same inbox request instead of asking twice.
    const created = await client.create(mapped.body, { signal, retry: true, idempotencyKey: options.toolUseID ? `claude-agent-sdk:${options.toolUseID}` : undefined });
    opts.onRequest?.(created);
    let request = created;
    try {
      request = await client.wait(created.id, { signal, timeoutMs: opts.timeoutMs });
    } finally {
      if (request.status === "pending") request = await withdraw(client, request, signal?.aborted ? "the agent stopped waiting" : "no decision in time");
    }
    const decision = mapped.decide(request);
    if (!decision) {
      const r = request.response;
      return { behavior: "deny", message: r && "rejection" in r ? r.rejection.message : "No reviewer decided.", toolUseID: options.toolUseID };
    }
    if (decision.behavior === "deny") return { ...decision, toolUseID: options.toolUseID };
    // The suggestions came from the SDK itself; the fallback is an `addRules` update of its shape.
    return { ...decision, updatedPermissions: decision.updatedPermissions as PermissionUpdate[] | undefined, toolUseID: options.toolUseID };
  };
}

/** Cancels a request still pending; if a decision won the race, that decision stands. */
async function withdraw(client: QuestionsClient, request: QuestionRequest, reason: string): Promise<QuestionRequest> {
  try {
    return await client.cancel(request.id, reason);
  } catch (e) {
    if (e instanceof ApiError && e.status === 409) return client.get(request.id);
    return request;
  }
}
