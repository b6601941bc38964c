// What an MCP tool call returns: structuredContent `{requestId, status, answers?, rejection?}` and
// one text block written for the model (SPEC §7).
import type { Answer, Question, QuestionRequest, Rejection } from "../questions/schemas";

export type ToolOutput = {
  requestId: string;
  status: QuestionRequest["status"];
  answers?: Record<string, Answer>;
  rejection?: Rejection;
};
export type ToolResult = {
  content: { type: "text"; text: string }[];
  structuredContent?: ToolOutput;
  isError?: boolean;
};

const quote = (s: string) => JSON.stringify(s);

function answerInWords(q: Question, a: Answer | undefined): string {
  if (!a || a.skipped) return "not answered (the human skipped it)";
  if (a.secret) return "a secret was provided (not shown here)";
  const parts: string[] = [];
  if (q.kind === "freeform") parts.push(a.text ? quote(a.text) : "(empty)");
  else {
    if (a.selected.length) parts.push(a.selected.join(", "));
    if (a.custom) parts.push(`Other: ${quote(a.custom)}`);
  }
  if (a.note) parts.push(`Note: ${quote(a.note)}`);
  return parts.join(". ") || "(no answer)";
}

function pendingText(requestId: string): string {
  return [
    `No answer yet: the question (requestId ${requestId}) is still open in the reviewers' inbox.`,
    `Call get_answer with {"requestId": ${quote(requestId)}} to keep waiting.`,
    "Do not ask the same question again, and do not guess the answer while it is pending.",
  ].join(" ");
}

function textFor(request: QuestionRequest): string {
  const response = request.response;
  if (request.status === "pending" || !response) return pendingText(request.id);
  if ("rejection" in response) return response.rejection.message;
  const lines = request.questions.map((q) => `- ${q.header} (${q.id}): ${answerInWords(q, response.answers[q.id])}`);
  return ["The human answered:", ...lines].join("\n");
}

export function requestResult(request: QuestionRequest): ToolResult {
  const structured: ToolOutput = { requestId: request.id, status: request.status };
  const response = request.response;
  if (response && "answers" in response) structured.answers = response.answers;
  if (response && "rejection" in response) structured.rejection = response.rejection;
  return { content: [{ type: "text", text: textFor(request) }], structuredContent: structured };
}

/** Still pending, when the request could not be read again (e.g. the server is shutting down). */
export function pendingResult(requestId: string): ToolResult {
  return { content: [{ type: "text", text: pendingText(requestId) }], structuredContent: { requestId, status: "pending" } };
}

/** A tool error the model can act on (nothing was created or changed). */
export function toolError(text: string): ToolResult {
  return { content: [{ type: "text", text }], isError: true };
}
