// The model-facing `ask_human` tool: the `model_tool` subset of CreateRequest, as OpenAI, Anthropic
// and MCP tool definitions. Built from the same zod shapes as the API, so the limits cannot drift;
// `source`, `mode` and `agent` are left out because the runtime fills them in, not the model.
import { z } from "zod";
import { CreateRequestSchema, LIMITS, MODEL_KINDS, OptionSchema, QuestionInputSchema } from "../questions/schemas";

export const ASK_HUMAN = "ask_human";
export const TOOL_FORMATS = ["openai", "anthropic", "mcp"] as const;
export type ToolFormat = (typeof TOOL_FORMATS)[number];

/** `?format=` of GET /api/v1/tool-schema (shared with the OpenAPI document). */
export const ToolSchemaQuery = z.object({
  format: z.enum(TOOL_FORMATS).default("openai").meta({ description: "Which provider's tool shape to return." }),
});

const max = LIMITS.model_tool;
const q = QuestionInputSchema.shape;

// Fresh objects from the shapes, not `.omit()`/`.meta()` on the registered schemas: those would
// carry their component ids and z.toJSONSchema would emit `$ref`s, and the tool must be inline.
const AskHumanOption = z
  .object({
    label: OptionSchema.shape.label.meta({ description: "Short option text, unique within the question." }),
    description: OptionSchema.shape.description.meta({ description: "One sentence on what choosing this option means (trade-off, consequence)." }),
  })
  .strict();

const AskHumanQuestion = z
  .object({
    id: q.id.meta({ description: 'Stable identifier, unique in this call; the answer is keyed by it (e.g. "database").' }),
    header: q.header.meta({ description: `Very short label, at most ${LIMITS.header} characters (e.g. "Database").` }),
    prompt: q.prompt.meta({ description: "The full question as the human should read it." }),
    // Approvals are asked by the agent's host, never by the model (SPEC §6).
    kind: z.enum(MODEL_KINDS).meta({
      description: "single_select: pick one option; multi_select: pick any number of options; freeform: a free-text answer (no options).",
    }),
    options: z
      .array(AskHumanOption)
      .min(max.minOptions)
      .max(max.maxOptions)
      .optional()
      .meta({
        description: `${max.minOptions}–${max.maxOptions} options, required for single_select and multi_select, omitted for freeform. Do not add an "Other" option: the human can always answer in their own words.`,
      }),
  })
  .strict();

export const AskHumanInputSchema = z
  .object({
    title: CreateRequestSchema.shape.title.meta({ description: "One-line summary of the decision, shown as the heading in the reviewer's inbox." }),
    context: CreateRequestSchema.shape.context.meta({
      description: "Markdown the reviewer needs to decide: what you are doing, what you found, the trade-offs. Keep it brief.",
    }),
    questions: z
      .array(AskHumanQuestion)
      .min(max.minQuestions)
      .max(max.maxQuestions)
      .meta({ description: `${max.minQuestions}–${max.maxQuestions} questions, asked together in one form.` }),
    timeoutSeconds: CreateRequestSchema.shape.timeoutSeconds.meta({
      description: `Stop waiting after this many seconds (${LIMITS.minTimeout}–${LIMITS.maxTimeout}); the result is then an "expired" rejection. Omit for the server default.`,
    }),
  })
  .strict();
export type AskHumanInput = z.infer<typeof AskHumanInputSchema>;

const DESCRIPTION = [
  "Ask a human a question and wait for the answer. Use it only when a human decision is needed:",
  "a choice between approaches with real trade-offs, an ambiguous or conflicting requirement, or a step that needs sign-off.",
  "Do not use it for what you can find out yourself (read files, run commands) or for routine confirmations.",
  `Ask ${max.minQuestions}–${max.maxQuestions} short questions in one call; select questions take ${max.minOptions}–${max.maxOptions} distinct options, the recommended one first.`,
  'An "Other" free-text answer is always possible, so never add an "Other" option.',
  "Never use this tool to ask for passwords, API keys, tokens or any other secret.",
  "The result is, per question id, the selected option labels, a custom or free-text answer and an optional note;",
  "or a rejection whose message says how to proceed (e.g. no human is available: proceed with your best judgement and state your assumptions).",
].join(" ");

type JsonSchema = Record<string, unknown>;
export type OpenAiTool = { type: "function"; function: { name: string; description: string; parameters: JsonSchema; strict: boolean } };
export type AnthropicTool = { name: string; description: string; input_schema: JsonSchema };
export type McpTool = {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
};
export type ToolDefinition = OpenAiTool | AnthropicTool | McpTool;

let cached: JsonSchema | undefined;

/** Draft 2020-12, fully inline. The subset uses no keyword whose meaning differs from draft-07. */
function inputJsonSchema(): JsonSchema {
  cached ??= z.toJSONSchema(AskHumanInputSchema, { target: "draft-2020-12", io: "input" }) as JsonSchema;
  return structuredClone(cached);
}

function withoutDialect(schema: JsonSchema): JsonSchema {
  const rest = { ...schema };
  delete rest.$schema;
  return rest;
}

export function toolSchema(format: "openai"): OpenAiTool;
export function toolSchema(format: "anthropic"): AnthropicTool;
export function toolSchema(format: "mcp"): McpTool;
export function toolSchema(format: ToolFormat): ToolDefinition;
export function toolSchema(format: ToolFormat): ToolDefinition {
  const schema = inputJsonSchema();
  switch (format) {
    case "openai":
      // Not strict: strict mode demands every property be required (nullable), and the API
      // rejects `null` for the optional fields; the server validates every call anyway.
      return { type: "function", function: { name: ASK_HUMAN, description: DESCRIPTION, parameters: withoutDialect(schema), strict: false } };
    case "anthropic":
      return { name: ASK_HUMAN, description: DESCRIPTION, input_schema: withoutDialect(schema) };
    case "mcp":
      // MCP input schemas default to 2020-12; keeping `$schema` makes that explicit.
      return {
        name: ASK_HUMAN,
        title: "Ask a human",
        description: DESCRIPTION,
        inputSchema: schema,
        // Creates a request a person sees (open world), but changes nothing destructively.
        annotations: { title: "Ask a human", readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
      };
  }
}
