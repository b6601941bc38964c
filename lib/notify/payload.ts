// What a delivery posts: the JSON envelope of SPEC §9, or a Slack Block Kit message. Built once,
// when the delivery row is written, so every retry sends the same bytes.
import type { QuestionRequest } from "../questions/schemas";
import { appLink } from "../config/public-url";
import { resolvedMessage } from "../slack/blocks";
import { clip, esc } from "../slack/text";

export type Envelope = { id: string; type: string; createdAt: string; request: QuestionRequest | null };

export function requestLink(requestId: string): string {
  return appLink(`/inbox/${encodeURIComponent(requestId)}`);
}

export function jsonBody(envelope: Envelope): string {
  return JSON.stringify(envelope);
}

const STATUS_WORDS: Record<string, string> = {
  "request.created": "needs an answer",
  "request.answered": "was answered",
  "request.rejected": "was rejected",
  "request.cancelled": "was cancelled",
  "request.expired": "expired",
  "request.escalated": "is still waiting for an answer (escalated)",
};

export function slackBody(envelope: Envelope): string {
  const r = envelope.request;
  if (!r) {
    return JSON.stringify({ text: "Test delivery from OpenOxide Questions: this webhook works." });
  }
  // An incoming webhook cannot edit its message: a resolution is one short follow-up saying who
  // decided what (as the Slack app's updated message does), not a second copy of the request.
  if (r.status !== "pending" && envelope.type !== "request.created") return JSON.stringify(resolvedMessage(r));
  const title = esc(r.title || r.questions[0]?.header || "Question");
  const summary = `${esc(r.agent.name)}: ${title} ${STATUS_WORDS[envelope.type] ?? envelope.type}`;
  const questions = r.questions.slice(0, 10).map((q) => {
    const options = q.options.length ? `\n${q.options.map((o) => `• ${esc(o.label)}`).join("\n")}` : "";
    return { type: "section", text: { type: "mrkdwn", text: clip(`*${esc(q.header)}*\n${esc(q.prompt)}${options}`, 2900) } };
  });
  const blocks = [
    { type: "header", text: { type: "plain_text", text: clip(title, 150), emoji: true } },
    {
      type: "context",
      elements: [{ type: "mrkdwn", text: clip(`Agent *${esc(r.agent.name)}* · ${STATUS_WORDS[envelope.type] ?? envelope.type}`, 2900) }],
    },
    ...questions,
    {
      type: "actions",
      elements: [{ type: "button", text: { type: "plain_text", text: r.status === "pending" ? "Answer in the inbox" : "Open the request" }, url: requestLink(r.id), action_id: "open_request" }],
    },
  ];
  return JSON.stringify({ text: clip(summary, 3000), blocks });
}
