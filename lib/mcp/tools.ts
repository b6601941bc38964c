// The MCP tool list. ask_human is the published model-facing tool (lib/openapi/tool-schema.ts, one
// source) with a sentence on waiting added; get_answer waits again on a pending request;
// permission_prompt is Claude Code's --permission-prompt-tool (lib/claude-code/), not for models.
import { z } from "zod";
import { PERMISSION_PROMPT, permissionPromptTool } from "../claude-code/prompt-tool";
import { ASK_HUMAN, toolSchema, type McpTool } from "../openapi/tool-schema";
import type { McpConfig } from "./config";

export const GET_ANSWER = "get_answer";

/** Will this tool call wait for a human (and so hold a wait lease)? get_answer with waitSeconds 0 only reads. */
export function waitsFor(name: unknown, args: unknown): boolean {
  if (name === ASK_HUMAN || name === PERMISSION_PROMPT) return true;
  return name === GET_ANSWER && (args as { waitSeconds?: unknown } | null)?.waitSeconds !== 0;
}

// Built once per wait limit: every get_answer call parses with it, and building a zod schema costs more than the parse.
const inputSchemas = new Map<number, ReturnType<typeof buildInputSchema>>();

export function getAnswerInputSchema(cfg: McpConfig) {
  let schema = inputSchemas.get(cfg.waitSeconds);
  if (!schema) inputSchemas.set(cfg.waitSeconds, (schema = buildInputSchema(cfg)));
  return schema;
}

function buildInputSchema(cfg: McpConfig) {
  return z
    .object({
      requestId: z
        .string()
        .regex(/^qr_[\w-]{1,100}$/, "must be a requestId returned by ask_human (qr_…)")
        .meta({ description: 'The requestId from the earlier ask_human (or get_answer) result, e.g. "qr_01J…".' }),
      waitSeconds: z
        .number()
        .int()
        .min(0)
        .optional()
        .meta({ description: `How long to wait for the answer, in seconds (default and most ${cfg.waitSeconds}: a longer wait waits ${cfg.waitSeconds}). 0 only checks.` }),
    })
    .strict();
}

function waiting(cfg: McpConfig): string {
  return (
    `Each call waits up to ${cfg.waitSeconds} seconds. If the result's status is "pending", the human has not answered yet: ` +
    "call get_answer with the requestId to keep waiting. Never ask the same question again."
  );
}

export function mcpTools(cfg: McpConfig): McpTool[] {
  const ask = toolSchema("mcp");
  const getAnswer: McpTool = {
    name: GET_ANSWER,
    title: "Get the human's answer",
    description: [
      'Wait again for the answer to a question asked with ask_human, when that call (or an earlier get_answer) returned status "pending".',
      "Pass its requestId. The result has the same shape as ask_human's: the answers, a rejection whose message says how to proceed, or pending again.",
      waiting(cfg),
    ].join(" "),
    inputSchema: z.toJSONSchema(getAnswerInputSchema(cfg), { target: "draft-2020-12", io: "input" }) as Record<string, unknown>,
    annotations: { title: "Get the human's answer", readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  };
  return [{ ...ask, description: `${ask.description} ${waiting(cfg)}` }, getAnswer, permissionPromptTool()];
}
