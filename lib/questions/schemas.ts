// The single source of truth for the shapes of the agent API: request validation, responses,
// the OpenAPI document and the model-facing tool schema all derive from these.
import { z } from "zod";

export const LIMITS = {
  model_tool: { minQuestions: 1, maxQuestions: 3, minOptions: 2, maxOptions: 6 },
  internal: { minQuestions: 1, maxQuestions: 20, minOptions: 1, maxOptions: 50 },
  header: 24,
  prompt: 2_000,
  label: 100,
  description: 500,
  title: 200,
  context: 64_000,
  customText: 2_000,
  freeformText: 20_000,
  note: 2_000,
  reason: 2_000,
  tool: 100,
  summary: 2_000,
  actionInputBytes: 64 * 1024,
  minTimeout: 10,
  maxTimeout: 7 * 24 * 3600,
} as const;

export const QUESTION_ID = /^[a-zA-Z0-9_-]{1,64}$/;
export const STATUSES = ["pending", "answered", "rejected", "cancelled", "expired"] as const;
export const REJECTION_CODES = ["reviewer_rejected", "non_interactive", "policy_denied", "cancelled", "expired"] as const;
/** What a model may ask; `approval` is for the agent's host only (internal requests, SPEC §6). */
export const MODEL_KINDS = ["single_select", "multi_select", "freeform"] as const;
export const QUESTION_KINDS = [...MODEL_KINDS, "approval"] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const DECISIONS = ["approve", "approve_always", "deny"] as const;
export type Decision = (typeof DECISIONS)[number];

/** Bytes of the JSON text of a value (undefined for a value JSON cannot hold). */
export function jsonBytes(value: unknown): number | undefined {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : new TextEncoder().encode(text).length;
}

// Any JSON value (objects, arrays, strings, numbers, booleans, null), at most 64 KiB serialised.
const JsonValue = z
  .unknown()
  .refine((v): boolean => v !== undefined, "required") // no type predicate: the type stays `unknown`, as in the OpenAPI document
  .refine((v) => (jsonBytes(v) ?? Infinity) <= LIMITS.actionInputBytes, `at most ${LIMITS.actionInputBytes / 1024} KiB as JSON`)
  .meta({ description: "Any JSON value, at most 64 KiB serialised." });

export const OptionSchema = z
  .object({
    label: z.string().trim().min(1).max(LIMITS.label),
    description: z.string().max(LIMITS.description).optional(),
  })
  .strict()
  .meta({ id: "Option" });

export const ActionSchema = z
  .object({
    tool: z.string().trim().min(1).max(LIMITS.tool),
    input: JsonValue,
    summary: z.string().trim().max(LIMITS.summary).optional().meta({ description: "Markdown shown to the reviewer beside the input." }),
  })
  .strict()
  .meta({ id: "Action" });
export type Action = z.infer<typeof ActionSchema>;

export const QuestionInputSchema = z
  .object({
    id: z.string().regex(QUESTION_ID, "must match ^[a-zA-Z0-9_-]{1,64}$"),
    header: z.string().trim().min(1).max(LIMITS.header),
    prompt: z.string().trim().min(1).max(LIMITS.prompt),
    kind: z.enum(QUESTION_KINDS),
    options: z.array(OptionSchema).optional(),
    allowCustom: z.boolean().optional(),
    secret: z.boolean().optional(),
    action: ActionSchema.optional(), // approval only, required there
    allowAlways: z.boolean().optional().meta({ description: 'approval only: offer "approve always" (default false).' }),
    allowEdit: z.boolean().optional().meta({ description: "approval only: the reviewer may edit `action.input` before approving (default false)." }),
  })
  .strict()
  .meta({ id: "QuestionInput" });

export const AgentSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    sessionId: z.string().min(1).max(200).optional(),
    turnId: z.string().min(1).max(200).optional(),
    toolCallId: z.string().min(1).max(200).optional(),
    parentRequestId: z.string().min(1).max(200).optional(),
    cwd: z.string().min(1).max(1000).optional().meta({ description: "The agent's working directory (or repository path): team rules can be narrowed to a prefix of it." }),
  })
  .strict()
  .meta({ id: "Agent" });

export const CreateRequestSchema = z
  .object({
    source: z.enum(["model_tool", "internal"]).default("model_tool"),
    mode: z.enum(["interactive", "non_interactive"]).default("interactive"),
    title: z.string().trim().max(LIMITS.title).optional(),
    context: z.string().max(LIMITS.context).optional(),
    agent: AgentSchema,
    questions: z.array(QuestionInputSchema).min(1).max(LIMITS.internal.maxQuestions),
    timeoutSeconds: z
      .number()
      .int()
      .min(LIMITS.minTimeout)
      .max(LIMITS.maxTimeout)
      .optional()
      .meta({
        description:
          "Expire the request after this many seconds. Omitted: the team's default expiry (Settings), else the server's `DEFAULT_EXPIRES_SECONDS` " +
          "(7 days unless the operator changed it; `0` means none). Either way, a request whose agent stops waiting — no long-poll, event stream " +
          "or MCP call open and no read for `ABANDON_AFTER` (30 min by default) — is cancelled with the reason \"the agent stopped waiting\", " +
          "unless it set its own timeoutSeconds or a callbackUrl.",
      }),
    requiredApprovals: z
      .number()
      .int()
      .min(1)
      .max(10)
      .optional()
      .meta({ description: "Approvals only: how many different people must approve (default 1). The first Deny decides." }),
    callbackUrl: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional()
      .meta({ description: "POSTed (signed with the team's callback secret) when the request becomes terminal; its host must be in CALLBACK_HOSTS." }),
  })
  .strict()
  .meta({ id: "CreateRequest" });

export type CreateRequestInput = z.input<typeof CreateRequestSchema>;
export type CreateRequestBody = z.output<typeof CreateRequestSchema>;

export const QuestionSchema = z
  .object({
    id: z.string(),
    header: z.string(),
    prompt: z.string(),
    kind: z.enum(QUESTION_KINDS),
    options: z.array(OptionSchema),
    allowCustom: z.boolean(),
    secret: z.boolean(),
    // Present on approvals only; other kinds never carry them.
    action: ActionSchema.optional(),
    allowAlways: z.boolean().optional(),
    allowEdit: z.boolean().optional(),
  })
  .meta({ id: "Question" });
export type Question = z.infer<typeof QuestionSchema>;

export const AnswerInputSchema = z
  .object({
    selected: z.array(z.string()).max(LIMITS.internal.maxOptions).default([]),
    custom: z.string().trim().min(1).max(LIMITS.customText).nullable().default(null),
    text: z.string().max(LIMITS.freeformText).nullable().default(null),
    note: z.string().trim().max(LIMITS.note).nullable().default(null),
    decision: z.enum(DECISIONS).optional().meta({ description: "approval only (required there)." }),
    editedInput: z
      .unknown()
      .refine((v) => (jsonBytes(v) ?? Infinity) <= LIMITS.actionInputBytes, `at most ${LIMITS.actionInputBytes / 1024} KiB as JSON`)
      .optional()
      .meta({ description: "approval only, where allowEdit and the decision approves: the input to run instead. null or omitted: no edit." }),
  })
  .strict()
  .meta({ id: "AnswerInput" });

export const ReplySchema = z
  .object({
    answers: z.record(z.string(), AnswerInputSchema),
    confirmUnanswered: z.boolean().default(false),
  })
  .strict()
  .meta({ id: "Reply" });
export type ReplyInput = z.input<typeof ReplySchema>;
export type ReplyBody = z.output<typeof ReplySchema>;

export const RejectSchema = z
  .object({ reason: z.string().trim().min(1).max(LIMITS.reason) })
  .strict()
  .meta({ id: "Reject" });

export const CancelSchema = z
  .object({ reason: z.string().trim().min(1).max(LIMITS.reason).optional() })
  .strict()
  .meta({ id: "Cancel" });

export const AnswerSchema = z
  .object({
    selected: z.array(z.string()),
    custom: z.string().nullable(),
    text: z.string().nullable(),
    note: z.string().nullable(),
    skipped: z.boolean().optional(),
    secret: z.object({ provided: z.literal(true), claimedAt: z.string().nullable(), purgedAt: z.string().nullable() }).optional(),
    // Approvals only. A skipped approval is stored as `skipped: true, decision: "deny"`.
    decision: z.enum(DECISIONS).optional(),
    editedInput: z.unknown().optional(),
  })
  .meta({ id: "Answer" });
export type Answer = z.infer<typeof AnswerSchema>;

export const RejectionSchema = z
  .object({ code: z.enum(REJECTION_CODES), message: z.string() })
  .meta({ id: "Rejection" });
export type Rejection = z.infer<typeof RejectionSchema>;

export const ResponseSchema = z
  .union([
    z.object({ answers: z.record(z.string(), AnswerSchema) }),
    z.object({ rejection: RejectionSchema }),
  ])
  .nullable()
  .meta({ id: "Response" });

export const ApprovalsSchema = z
  .object({
    required: z.number().int(),
    votes: z.array(z.object({ by: z.string(), at: z.string(), decision: z.enum(["approve", "deny"]) })),
  })
  .meta({ id: "Approvals" });
export type Approvals = z.infer<typeof ApprovalsSchema>;

export const RequestSchema = z
  .object({
    id: z.string(),
    status: z.enum(STATUSES),
    source: z.enum(["model_tool", "internal"]),
    mode: z.enum(["interactive", "non_interactive"]),
    title: z.string().nullable(),
    context: z.string().nullable(),
    agent: z.object({
      name: z.string(),
      sessionId: z.string().nullable(),
      turnId: z.string().nullable(),
      toolCallId: z.string().nullable(),
      parentRequestId: z.string().nullable(),
      cwd: z.string().optional(),
    }),
    questions: z.array(QuestionSchema),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    resolvedAt: z.string().nullable(),
    resolvedBy: z.string().nullable(),
    response: ResponseSchema,
    /** When the team's escalation list was notified (still pending past its delay); absent until then. */
    escalatedAt: z.string().optional(),
    approvals: ApprovalsSchema.optional().meta({ description: "Present when several people must approve: the votes so far." }),
    version: z.number().int(),
  })
  .meta({ id: "QuestionRequest" });
export type QuestionRequest = z.infer<typeof RequestSchema>;
export type Status = (typeof STATUSES)[number];

export const ListQuerySchema = z
  .object({
    status: z.enum(STATUSES).optional(),
    agent: z.string().min(1).max(100).optional(),
    sessionId: z.string().min(1).max(200).optional(),
    q: z.string().trim().min(1).max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: z.string().min(1).max(200).optional(),
  })
  .strict();
export type ListQuery = z.output<typeof ListQuerySchema>;

export const ListResponseSchema = z
  .object({ data: z.array(RequestSchema), nextCursor: z.string().nullable() })
  .meta({ id: "RequestList" });

export const ClaimResponseSchema = z.record(z.string(), z.string()).meta({ id: "ClaimedSecrets" });

export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Problem" });
export type Problem = z.infer<typeof ProblemSchema>;
