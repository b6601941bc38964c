// Codex's prompts as inbox requests, and the inbox's outcome as Codex's replies.
import type { CreateRequestInput, QuestionRequest } from "@openoxide/questions-client";
import { LIMITS } from "@openoxide/questions-client";
import { chosen, commandTitle, decisionOf, fitOptions, fitText, questionId, titleFromQuestions } from "@openoxide/questions-client/fit";
import type { CommandExecutionApprovalDecision } from "./protocol/v2/CommandExecutionApprovalDecision.ts";
import type { CommandExecutionRequestApprovalParams } from "./protocol/v2/CommandExecutionRequestApprovalParams.ts";
import type { FileChangeApprovalDecision } from "./protocol/v2/FileChangeApprovalDecision.ts";
import type { FileChangeRequestApprovalParams } from "./protocol/v2/FileChangeRequestApprovalParams.ts";
import type { FileUpdateChange } from "./protocol/v2/FileUpdateChange.ts";
import type { ToolRequestUserInputParams } from "./protocol/v2/ToolRequestUserInputParams.ts";
import type { ToolRequestUserInputResponse } from "./protocol/v2/ToolRequestUserInputResponse.ts";

export const AGENT = "codex";

export interface Mapped<R> {
  key: string;
  body: CreateRequestInput;
  /** Turns the terminal request (plus claimed secrets) into Codex's reply. */
  reply(request: QuestionRequest, secrets: Record<string, string>): R;
}

const agent = (p: { threadId: string; turnId: string; itemId: string }) => ({ name: AGENT, sessionId: p.threadId, turnId: p.turnId, toolCallId: p.itemId });

/**
 * `request_user_input` → an `internal` request: Codex already enforced its own rules, and only
 * `internal` carries `isSecret` (a secret freeform) and `isOther: false` (no "Other").
 */
export function userInput(p: ToolRequestUserInputParams): Mapped<ToolRequestUserInputResponse> {
  const back = new Map<string, { codexId: string; original: Map<string, string> }>();
  const questions = p.questions.map((q, i) => {
    const id = questionId(q.id, i);
    const { header, prompt } = fitText(q.header, q.question);
    if (q.isSecret || !q.options?.length) {
      back.set(id, { codexId: q.id, original: new Map() });
      return { id, header, prompt, kind: "freeform" as const, secret: q.isSecret };
    }
    const { options, original } = fitOptions(q.options);
    back.set(id, { codexId: q.id, original });
    return { id, header, prompt, kind: "single_select" as const, options, allowCustom: q.isOther };
  });
  return {
    key: `codex:${p.threadId}:${p.itemId}`,
    body: { source: "internal", title: titleFromQuestions(p.questions), agent: agent(p), questions },
    reply(request, secrets) {
      const answers: ToolRequestUserInputResponse["answers"] = {};
      for (const [id, { codexId, original }] of back) {
        answers[codexId] = { answers: answerStrings(request, id, original, secrets) };
      }
      return { answers };
    },
  };
}

function answerStrings(request: QuestionRequest, id: string, original: Map<string, string>, secrets: Record<string, string>): string[] {
  const response = request.response;
  // Not answered (rejected, expired, cancelled): Codex's own note form carries the reason to the model.
  if (!response || !("answers" in response)) return response && "rejection" in response ? [`user_note: ${response.rejection.message}`] : [];
  const a = response.answers[id];
  if (!a || a.skipped) return [];
  const values = a.secret ? (secrets[id] !== undefined ? [secrets[id]] : []) : a.text !== null ? [a.text] : chosen(a, original);
  return a.note ? [...values, `user_note: ${a.note}`] : values;
}

const TO_CODEX = { approve: "accept", approve_always: "acceptForSession", deny: "decline" } as const;

/**
 * The model's justification (Codex's `reason`) is the agent's claim, never the headline: the
 * request is titled by the command, the prompt is ours, and the claim travels as the action's
 * summary, which the inbox labels as the agent's (SPEC §6).
 */
function claim(reason: string | null | undefined): string | undefined {
  const text = reason?.trim();
  return text ? text.slice(0, LIMITS.summary) : undefined;
}

export function commandApproval(p: CommandExecutionRequestApprovalParams): Mapped<{ decision: CommandExecutionApprovalDecision }> {
  const command = p.command ?? "(command not shown by Codex)";
  return {
    key: `codex:${p.threadId}:${p.itemId}${p.approvalId ? `:${p.approvalId}` : ""}`,
    body: {
      source: "internal",
      title: commandTitle("Run", command),
      agent: agent(p),
      questions: [
        {
          id: "approve",
          kind: "approval",
          ...fitText("Run command", p.cwd ? `Allow Codex to run this command in ${p.cwd}?` : "Allow Codex to run this command?"),
          action: { tool: "shell", input: { command, cwd: p.cwd ?? null }, summary: claim(p.reason) },
          allowAlways: true,
        },
      ],
    },
    reply: (request) => ({ decision: TO_CODEX[decisionOf(request)] }),
  };
}

export function fileChangeApproval(p: FileChangeRequestApprovalParams, changes: FileUpdateChange[]): Mapped<{ decision: FileChangeApprovalDecision }> {
  const paths = changes.map((c) => c.path);
  return {
    key: `codex:${p.threadId}:${p.itemId}`,
    body: {
      source: "internal",
      title: `Change ${paths.join(", ") || "files"}`.slice(0, LIMITS.title),
      agent: agent(p),
      questions: [
        {
          id: "approve",
          kind: "approval",
          ...fitText("Apply patch", `Allow Codex to change ${paths.join(", ") || "files"}?${p.grantRoot ? ` It also asks to write under ${p.grantRoot} for the rest of the session.` : ""}`),
          action: {
            tool: "apply_patch",
            input: { patch: unifiedDiff(changes), files: paths },
            summary: claim(p.reason),
          },
          allowAlways: true,
        },
      ],
    },
    reply: (request) => ({ decision: TO_CODEX[decisionOf(request)] }),
  };
}

/** Codex's per-file changes as one unified diff (an added file's diff is its content, a deleted one's too). */
export function unifiedDiff(changes: FileUpdateChange[]): string {
  const lines = (text: string, sign: string) => text.replace(/\n$/, "").split("\n").map((l) => sign + l);
  return changes
    .flatMap((c) => {
      if (c.kind.type === "add") return [`--- /dev/null`, `+++ b/${c.path}`, ...lines(c.diff, "+")];
      if (c.kind.type === "delete") return [`--- a/${c.path}`, `+++ /dev/null`, ...lines(c.diff, "-")];
      return [`--- a/${c.path}`, `+++ b/${c.kind.move_path ?? c.path}`, c.diff.replace(/\n$/, "")];
    })
    .join("\n");
}
