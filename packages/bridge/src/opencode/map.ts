// OpenCode's questions and permission prompts as inbox requests, and inbox outcomes as OpenCode's
// replies. The OpenCode request id is the Idempotency-Key and `agent.toolCallId`, which is how a
// restarted bridge recognises its own requests.
import type { Answer, CreateRequestInput, QuestionRequest } from "@openoxide/questions-client";
import { LIMITS } from "@openoxide/questions-client";
import { chosen, commandTitle, fitOptions, fitText, titleFromQuestions } from "@openoxide/questions-client/fit";
import type { PermissionReply, PermissionRequest, QuestionReply, QuestionRequest as OcQuestion } from "./types.ts";

export const AGENT = "opencode";

/** What to send OpenCode for a terminal request. */
export type Reply<T> = { kind: "reply"; body: T } | { kind: "reject"; message?: string };

const agentOf = (r: { id: string; sessionID: string; tool?: { messageID: string } }) => ({
  name: AGENT,
  sessionId: r.sessionID,
  toolCallId: r.id,
  ...(r.tool?.messageID ? { turnId: r.tool.messageID } : {}),
});

export interface MappedQuestion {
  body: CreateRequestInput;
  reply(request: QuestionRequest): Reply<QuestionReply>;
}

export function mapQuestion(q: OcQuestion): MappedQuestion {
  const originals: Array<Map<string, string>> = [];
  const questions = q.questions.map((info, i) => {
    const id = `q${i + 1}`;
    const { header, prompt } = fitText(info.header, info.question);
    if (!info.options?.length) {
      originals.push(new Map());
      return { id, header, prompt, kind: "freeform" as const };
    }
    const { options, original } = fitOptions(info.options);
    originals.push(original);
    return { id, header, prompt, kind: info.multiple ? ("multi_select" as const) : ("single_select" as const), options, allowCustom: info.custom !== false };
  });
  return {
    body: { source: "internal", title: titleFromQuestions(q.questions), agent: agentOf(q), questions },
    reply(request) {
      const r = request.response;
      if (request.status === "answered" && r && "answers" in r) {
        return { kind: "reply", body: { answers: questions.map((qq, i) => strings(r.answers[qq.id], originals[i])) } };
      }
      return rejection(request);
    },
  };
}

function strings(answer: Answer | undefined, original: Map<string, string>): string[] {
  if (!answer || answer.skipped) return [];
  const values = answer.text !== null ? [answer.text] : chosen(answer, original);
  // OpenCode's reply has no note field: the note travels as one more line the model reads.
  return answer.note ? [...values, `Note: ${answer.note}`] : values;
}

export interface MappedPermission {
  body: CreateRequestInput;
  reply(request: QuestionRequest): PermissionReply;
}

export function mapPermission(p: PermissionRequest): MappedPermission {
  const command = typeof p.metadata.command === "string" ? p.metadata.command : undefined;
  const target = command ?? (p.patterns.join(", ") || p.permission);
  // OpenCode's bash tool carries the model's own description of the command: the agent's claim,
  // shown labelled as such under the command, never as the headline (SPEC §6).
  const description = typeof p.metadata.description === "string" && p.metadata.description.trim() ? p.metadata.description.trim() : undefined;
  const always = p.always.length ? ` "Approve always" allows from now on: ${p.always.join(", ")}` : "";
  return {
    body: {
      source: "internal",
      title: command ? commandTitle("Run", command) : commandTitle(`Allow ${p.permission}`, target),
      agent: agentOf(p),
      questions: [
        {
          id: "approve",
          kind: "approval",
          ...fitText(`Allow ${p.permission}`, (command ? "Allow OpenCode to run this command?" : `Allow OpenCode "${p.permission}" on ${target}?`) + always),
          action: { tool: p.permission, input: { ...p.metadata, patterns: p.patterns }, summary: description?.slice(0, LIMITS.summary) },
          allowAlways: true,
        },
      ],
    },
    reply(request) {
      const r = request.response;
      if (request.status === "answered" && r && "answers" in r) {
        const a = r.answers.approve;
        if (a && !a.skipped && a.decision === "approve") return { reply: "once" };
        if (a && !a.skipped && a.decision === "approve_always") return { reply: "always" };
        return a?.note ? { reply: "reject", message: a.note } : { reply: "reject" };
      }
      const { message } = rejection(request);
      return message ? { reply: "reject", message } : { reply: "reject" };
    },
  };
}

/**
 * Rejected, expired or cancelled here → rejected in OpenCode with our sentence, so its tool call
 * never hangs. (When the bridge withdrew a request because OpenCode answered it first, it stopped
 * waiting before this point and sends nothing.)
 */
function rejection(request: QuestionRequest): { kind: "reject"; message?: string } {
  const r = request.response;
  return { kind: "reject", message: r && "rejection" in r ? r.rejection.message : undefined };
}
