// Answer validation per question kind (SPEC §2). Returns what is stored in the clear and, apart,
// the secret values to encrypt; a secret value never enters the stored answers.
import { validationError, type FieldError } from "../errors";
import type { Answer, Question, ReplyBody } from "./schemas";
import { canonicalJson as canonical } from "../text/canonical-json";

export type CheckedReply = {
  answers: Record<string, Answer>;
  secrets: { questionId: string; value: string }[];
};

const SKIPPED: Answer = { selected: [], custom: null, text: null, note: null, skipped: true };
// SPEC §6: a skipped approval counts as not approved; saying so in `decision` keeps every consumer
// that reads only the decision on the safe side.
const SKIPPED_APPROVAL: Answer = { ...SKIPPED, decision: "deny" };

export function checkReply(questions: Question[], reply: ReplyBody): CheckedReply {
  const errors: FieldError[] = [];
  const known = new Set(questions.map((q) => q.id));
  for (const qid of Object.keys(reply.answers)) {
    if (!known.has(qid)) errors.push({ path: `answers.${qid}`, message: "no question with this id" });
  }
  const answers: Record<string, Answer> = {};
  const secrets: CheckedReply["secrets"] = [];
  for (const q of questions) {
    const given = reply.answers[q.id];
    const at = `answers.${q.id}`;
    if (!given) {
      if (reply.confirmUnanswered) answers[q.id] = q.kind === "approval" ? SKIPPED_APPROVAL : SKIPPED;
      else errors.push({ path: at, message: "unanswered; answer it or set confirmUnanswered to skip it" });
      continue;
    }
    const problems = checkOne(q, given);
    errors.push(...problems.map((message) => ({ path: `${at}.${message.field}`, message: message.text })));
    if (problems.length) continue;
    if (q.kind === "approval") {
      answers[q.id] = approvalAnswer(q, given);
    } else if (q.secret) {
      secrets.push({ questionId: q.id, value: given.text ?? "" });
      answers[q.id] = { selected: [], custom: null, text: null, note: given.note || null };
    } else {
      answers[q.id] = {
        selected: given.selected,
        custom: given.custom,
        text: q.kind === "freeform" ? given.text : null,
        note: given.note || null,
      };
    }
  }
  if (errors.length) throw validationError(errors);
  return { answers, secrets };
}

type Problem = { field: string; text: string };
type Given = ReplyBody["answers"][string];

const hasEdit = (a: Given) => a.editedInput !== undefined && a.editedInput !== null;

function checkOne(q: Question, a: Given): Problem[] {
  if (q.kind === "approval") return checkApproval(q, a);
  const out: Problem[] = [];
  if (a.decision !== undefined) out.push({ field: "decision", text: "only approvals take a decision" });
  if (a.editedInput !== undefined) out.push({ field: "editedInput", text: "only approvals take an edited input" });
  if (q.kind === "freeform") {
    if (a.selected.length) out.push({ field: "selected", text: "freeform questions take text, not selected options" });
    if (a.custom !== null) out.push({ field: "custom", text: "freeform questions take text, not custom" });
    if (a.text === null || a.text.trim() === "") out.push({ field: "text", text: "required for a freeform question" });
    return out;
  }
  if (a.text !== null) out.push({ field: "text", text: "select questions take selected or custom, not text" });
  const labels = new Set(q.options.map((o) => o.label));
  a.selected.forEach((label, i) => {
    if (!labels.has(label)) out.push({ field: `selected[${i}]`, text: `"${label}" is not an option of this question` });
  });
  if (new Set(a.selected).size !== a.selected.length) out.push({ field: "selected", text: "an option is selected twice" });
  if (a.custom !== null && !q.allowCustom) out.push({ field: "custom", text: "this question does not allow an Other answer" });
  const count = a.selected.length + (a.custom !== null ? 1 : 0);
  if (q.kind === "single_select" && count !== 1) {
    out.push({ field: "selected", text: "a single-select answer takes exactly one option or one custom answer" });
  }
  if (q.kind === "multi_select" && count === 0) {
    out.push({ field: "selected", text: "select at least one option or give a custom answer" });
  }
  return out;
}

function checkApproval(q: Question, a: Given): Problem[] {
  const out: Problem[] = [];
  if (a.selected.length) out.push({ field: "selected", text: "approvals take a decision, not selected options" });
  if (a.custom !== null) out.push({ field: "custom", text: "approvals take a decision, not custom" });
  if (a.text !== null) out.push({ field: "text", text: "approvals take a decision, not text" });
  if (!a.decision) {
    out.push({ field: "decision", text: "required for an approval: approve, approve_always or deny" });
    return out;
  }
  if (a.decision === "approve_always" && !q.allowAlways) {
    out.push({ field: "decision", text: "this approval does not offer approve_always" });
  }
  if (hasEdit(a) && !q.allowEdit) out.push({ field: "editedInput", text: "this approval does not allow editing the input" });
  else if (hasEdit(a) && a.decision === "deny") out.push({ field: "editedInput", text: "an edited input goes with an approving decision, not deny" });
  return out;
}

/** The stored approval answer; an "edit" identical to the original is no edit. */
function approvalAnswer(q: Question, a: Given): Answer {
  const out: Answer = { selected: [], custom: null, text: null, note: a.note || null, decision: a.decision };
  if (hasEdit(a) && canonical(a.editedInput) !== canonical(q.action?.input)) out.editedInput = a.editedInput;
  return out;
}
