// The answer form's draft for an approval: the chosen decision and, where editing is allowed,
// the JSON editor's text. Invalid JSON keeps the approval unanswered, so it is never sent.
import type { Answer, Question } from "@openoxide/questions-core/questions/schemas";
import { DECISION_LABEL, parseEdit } from "@openoxide/questions-core/questions/action-format";
import type { Draft } from "./draft";

type AnswerInput = { selected: string[]; custom: null; text: null; note: string | null } & Pick<Answer, "decision" | "editedInput">;

/** The edit that would be sent: only with an approving decision, only where allowed. */
function activeEdit(q: Question, d: Draft): string | undefined {
  return q.allowEdit && d.decision !== "deny" ? d.edited : undefined;
}

export function approvalReady(q: Question, d: Draft): boolean {
  if (!d.decision) return false;
  const edit = activeEdit(q, d);
  return edit === undefined || parseEdit(edit).ok;
}

/** Why an approval cannot be sent yet, for the control to show (null when it can). */
export function approvalProblem(q: Question, d: Draft): string | null {
  const edit = activeEdit(q, d);
  if (edit !== undefined) {
    const parsed = parseEdit(edit);
    if (!parsed.ok) return parsed.message;
  }
  return null;
}

export function approvalAnswer(q: Question, d: Draft, note: string | null): AnswerInput {
  const edit = activeEdit(q, d);
  const parsed = edit === undefined ? null : parseEdit(edit);
  return { selected: [], custom: null, text: null, note, decision: d.decision, ...(parsed?.ok ? { editedInput: parsed.value } : {}) };
}

export function approvalSummary(q: Question, d: Draft): string {
  if (!d.decision) return "";
  return activeEdit(q, d) !== undefined ? `${DECISION_LABEL[d.decision]} (input edited)` : DECISION_LABEL[d.decision];
}
