// What was decided, in one line per question, for the history list: "Region: Other “ap-south”",
// "API key: secret provided". Built from the public view, which never holds a secret value; a
// secret answer is summarised from its metadata only.
import { DECISION_DONE } from "./action-format";
import type { Answer, Question, QuestionRequest } from "./schemas";

export type SummaryPart = { header: string; value: string };

const MAX = 60;

function clip(text: string): string {
  const one = text.replace(/\s+/g, " ").trim();
  return one.length > MAX ? `${one.slice(0, MAX - 1)}…` : one;
}

function answerText(q: Question, a: Answer | undefined): string {
  if (!a) return "not answered";
  if (a.secret || q.secret) return a.secret ? "secret provided" : "not answered";
  if (a.skipped) return "skipped";
  if (q.kind === "approval") return a.decision ? DECISION_DONE[a.decision] + (a.editedInput != null ? ", input edited" : "") : "not answered";
  if (q.kind === "freeform") return a.text ? `“${clip(a.text)}”` : "not answered";
  const picked = [...a.selected, ...(a.custom ? [`Other “${clip(a.custom)}”`] : [])];
  return picked.length ? picked.join(", ") : "not answered";
}

/** One part per question of an answered request; an empty list for other outcomes. */
export function answerSummary(r: Pick<QuestionRequest, "questions" | "response">): SummaryPart[] {
  if (!r.response || !("answers" in r.response)) return [];
  const answers = r.response.answers;
  return r.questions.map((q) => {
    const a = answers[q.id];
    const note = a?.note && !a.secret ? ` (note: “${clip(a.note)}”)` : "";
    return { header: q.header, value: answerText(q, a) + note };
  });
}

/** The person's reason inside a rejection sentence (lib/questions/messages.ts), if one was given. */
function reasonOf(message: string): string | null {
  return /Reason: ([\s\S]*?) Do not (?:ask|wait)/.exec(message)?.[1] ?? null;
}

const NO_REASON: Record<string, string> = {
  reviewer_rejected: "Declined, no reason given.",
  cancelled: "Withdrawn by the agent.",
  expired: "No one answered in time.",
  non_interactive: "Rejected at once: non-interactive run.",
  policy_denied: "Rejected at once: questions are denied by policy.",
};

/** The outcome of a request that was not answered, in words for people. */
export function outcomeSummary(r: Pick<QuestionRequest, "response">): string | null {
  if (!r.response || !("rejection" in r.response)) return null;
  const { code, message } = r.response.rejection;
  const reason = reasonOf(message);
  if (reason && code === "reviewer_rejected") return `Declined: “${clip(reason)}”`;
  if (reason && code === "cancelled") return `Withdrawn by the agent: “${clip(reason)}”`;
  return NO_REASON[code] ?? clip(message);
}
