// The one mapping between Claude Code and the inbox, used by the app's PermissionRequest hook and
// permission-prompt MCP tool, and by the Agent SDK's `canUseTool` (../agent-sdk.ts): a tool call
// Claude Code wants to make becomes a request (AskUserQuestion: its questions; any other tool: an
// approval), and the terminal request becomes Claude Code's decision. Reuses the bridges' fitting.
import { chosen, clip, decisionOf, fitOptions, fitText } from "../fit.ts";
import { LIMITS } from "../generated/limits.ts";
import type { Answer, CreateRequestInput, QuestionRequest } from "../types.ts";
import { approvalText } from "./describe.ts";
import { alwaysUpdates, grantInWords } from "./permissions.ts";
import type { Decision, PermissionUpdate } from "./types.ts";

export const AGENT_NAME = "Claude Code";
export const ASK_TOOL = "AskUserQuestion";

export type ToolCall = {
  toolName: string;
  input: Record<string, unknown>;
  /** Claude Code's session_id (hook), or the MCP session's id (permission tool) */
  sessionId?: string;
  cwd?: string;
  toolUseId?: string;
  suggestions?: PermissionUpdate[];
  /** false: no "approve always" (the runtime said its rule would grant more than this call) */
  allowAlways?: boolean;
};

export type Mapped = {
  body: CreateRequestInput;
  /** The decision for a terminal request; null when nobody decided (withdrawn, expired, policy). */
  decide(request: QuestionRequest): Decision | null;
};

type AskQuestion = { question: string; header?: string; options?: Array<{ label: string; description?: string }>; multiSelect?: boolean };
type AskInput = { questions: AskQuestion[] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const optional = (v: unknown, type: string) => v === undefined || typeof v === type;

/** AskUserQuestion's input as Claude Code sends it (extra fields allowed), or null. */
export function askInput(input: Record<string, unknown>): AskInput | null {
  const qs = input.questions;
  if (!Array.isArray(qs) || qs.length < 1 || qs.length > LIMITS.internal.maxQuestions) return null;
  const ok = qs.every(
    (q) =>
      isObject(q) &&
      typeof q.question === "string" &&
      q.question.length > 0 &&
      optional(q.header, "string") &&
      optional(q.multiSelect, "boolean") &&
      (q.options === undefined || (Array.isArray(q.options) && q.options.every((o) => isObject(o) && typeof o.label === "string" && optional(o.description, "string")))),
  );
  return ok ? (input as AskInput) : null;
}

export function mapToolCall(call: ToolCall): Mapped {
  const ask = call.toolName === ASK_TOOL ? askInput(call.input) : null;
  // A question input Claude Code would not send itself is still a tool call a person can allow.
  return ask ? mapQuestions(call, ask) : mapApproval(call);
}

function common(call: ToolCall, title: string): Pick<CreateRequestInput, "source" | "title" | "context" | "agent"> {
  return {
    source: "internal",
    title: clip(title, LIMITS.title),
    ...(call.cwd ? { context: `Working directory: \`${call.cwd}\`` } : {}),
    agent: {
      name: AGENT_NAME,
      ...(call.sessionId ? { sessionId: call.sessionId } : {}),
      ...(call.toolUseId ? { toolCallId: call.toolUseId } : {}),
      // Team rules can be narrowed to a directory (agent.cwd).
      ...(call.cwd ? { cwd: clip(call.cwd, 1000) } : {}),
    },
  };
}

/** The reviewer's rejection is a deny the model reads; anything else unanswered is no decision. */
function unanswered(request: QuestionRequest): Decision | null {
  const r = request.response;
  if (request.status === "rejected" && r && "rejection" in r && r.rejection.code === "reviewer_rejected") return { behavior: "deny", message: r.rejection.message };
  return null;
}

function mapQuestions(call: ToolCall, ask: AskInput): Mapped {
  const back: Array<{ id: string; text: string; original: Map<string, string> }> = [];
  const questions = ask.questions.map((q, i) => {
    const id = `q${i + 1}`;
    const { header, prompt } = fitText(q.header ?? "", q.question);
    if (!q.options?.length) {
      back.push({ id, text: q.question, original: new Map() });
      return { id, header, prompt, kind: "freeform" as const };
    }
    const { options, original } = fitOptions(q.options);
    back.push({ id, text: q.question, original });
    // Claude Code always offers "Other" (its "Type something."): so do we.
    return { id, header, prompt, kind: q.multiSelect ? ("multi_select" as const) : ("single_select" as const), options, allowCustom: true };
  });
  return {
    body: { ...common(call, `Claude Code asks: ${ask.questions[0]!.question}`), questions },
    decide(request) {
      const r = request.response;
      if (request.status !== "answered" || !r || !("answers" in r)) return unanswered(request);
      const answers: Record<string, string> = {};
      const annotations: Record<string, { notes: string }> = {};
      for (const { id, text, original } of back) {
        const a = r.answers[id];
        const value = answerText(a, original);
        if (value) answers[text] = value;
        if (a?.note) annotations[text] = { notes: a.note };
      }
      const updatedInput = { ...call.input, answers, ...(Object.keys(annotations).length ? { annotations } : {}) };
      return { behavior: "allow", updatedInput };
    },
  };
}

/**
 * One answer as Claude Code's string: a label, several labels comma-separated (a label holding
 * ", " or a quote is JSON-quoted, as Claude Code itself joins them), or the typed text.
 */
export function answerText(a: Answer | undefined, original: Map<string, string>): string | null {
  if (!a || a.skipped) return null;
  if (a.text !== null) return a.text || null;
  const values = chosen(a, original);
  if (values.length <= 1) return values[0] ?? null;
  return values.map((v) => (v.includes(", ") || v.includes('"') ? JSON.stringify(v) : v)).join(", ");
}

function mapApproval(call: ToolCall): Mapped {
  const text = approvalText(call.toolName, call.input);
  const updates = alwaysUpdates(call.toolName, call.input, call.suggestions);
  return {
    body: {
      ...common(call, text.title),
      questions: [
        {
          id: "approve",
          kind: "approval",
          ...fitText(text.header, text.prompt),
          action: { tool: call.toolName, input: call.input, summary: clip(`"Approve always" also allows, without asking again: ${grantInWords(updates)}.`, LIMITS.summary) },
          allowAlways: call.allowAlways ?? true,
          allowEdit: true,
        },
      ],
    },
    decide(request) {
      const r = request.response;
      if (request.status !== "answered" || !r || !("answers" in r)) return unanswered(request);
      const a = r.answers.approve;
      const decision = decisionOf(request);
      if (decision === "deny") return { behavior: "deny", message: a?.note || "A reviewer denied this in the inbox." };
      const edited = a?.editedInput;
      if (edited !== undefined && (typeof edited !== "object" || edited === null || Array.isArray(edited))) {
        return { behavior: "deny", message: "The reviewer's edited input is not a JSON object, so the tool was not run." };
      }
      const updatedInput = (edited as Record<string, unknown> | undefined) ?? call.input;
      return decision === "approve_always" ? { behavior: "allow", updatedInput, updatedPermissions: updates } : { behavior: "allow", updatedInput };
    },
  };
}
