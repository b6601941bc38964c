// The answer form's state: one draft per question, and how it becomes a reply (SPEC §2 answers).
import type { Decision, Question, ReplyInput } from "@openoxide/questions-core/questions/schemas";
import { approvalAnswer, approvalReady, approvalSummary } from "./approval-draft";

export type Draft = {
  /** chosen option labels (at most one for single_select) */
  selected: string[];
  /** the "Other" text */
  custom: string;
  /** freeform and secret text */
  text: string;
  note: string;
  /** approvals: the chosen decision, and the JSON editor's text while it differs from the input */
  decision?: Decision;
  edited?: string;
};

export const emptyDraft = (): Draft => ({ selected: [], custom: "", text: "", note: "" });

export function isAnswered(q: Question, d: Draft): boolean {
  if (q.kind === "approval") return approvalReady(q, d);
  if (q.kind === "freeform") return d.text.trim() !== "";
  return d.selected.length > 0 || (q.allowCustom && d.custom.trim() !== "");
}

/** Single select: picking an option clears "Other" and typing "Other" clears the option. */
export function pick(q: Question, d: Draft, label: string): Draft {
  if (q.kind === "single_select") return { ...d, selected: [label], custom: "" };
  const on = d.selected.includes(label);
  const selected = on ? d.selected.filter((l) => l !== label) : [...d.selected, label];
  // Keep the question's own order, whatever the order of clicks.
  return { ...d, selected: q.options.map((o) => o.label).filter((l) => selected.includes(l)) };
}

export function setCustom(q: Question, d: Draft, custom: string): Draft {
  if (q.kind === "single_select" && custom.trim() !== "") return { ...d, custom, selected: [] };
  return { ...d, custom };
}

/** The reply body: unanswered questions are left out (the server records them as skipped). */
export function toReply(questions: Question[], drafts: Record<string, Draft>, confirmUnanswered: boolean): ReplyInput {
  const answers: ReplyInput["answers"] = {};
  for (const q of questions) {
    const d = drafts[q.id] ?? emptyDraft();
    if (!isAnswered(q, d)) continue;
    const note = d.note.trim() || null;
    if (q.kind === "approval") {
      answers[q.id] = approvalAnswer(q, d, note);
    } else if (q.kind === "freeform") {
      answers[q.id] = { selected: [], custom: null, text: d.text, note };
    } else {
      const custom = q.allowCustom ? d.custom.trim() || null : null;
      answers[q.id] = { selected: d.selected, custom, text: null, note };
    }
  }
  return { answers, confirmUnanswered };
}

export function unanswered(questions: Question[], drafts: Record<string, Draft>): Question[] {
  return questions.filter((q) => !isAnswered(q, drafts[q.id] ?? emptyDraft()));
}

/** A short human summary of a draft, for the review step (secrets are never shown). */
export function summary(q: Question, d: Draft): string {
  if (q.kind === "approval") return approvalSummary(q, d);
  if (q.kind === "freeform") return q.secret ? "Secret provided" : d.text.trim();
  const parts = [...d.selected];
  if (q.allowCustom && d.custom.trim()) parts.push(`Other: ${d.custom.trim()}`);
  return parts.join(", ");
}

export type SentLine = { header: string; answer: string; note: string | null };

/** What a reply said, per question, for the banner after sending (a secret only as "provided"). */
export function sentSummary(questions: Question[], drafts: Record<string, Draft>): SentLine[] {
  return questions.map((q) => {
    const d = drafts[q.id] ?? emptyDraft();
    const answered = isAnswered(q, d);
    return { header: q.header, answer: answered ? summary(q, d) : "skipped", note: answered ? d.note.trim() || null : null };
  });
}
