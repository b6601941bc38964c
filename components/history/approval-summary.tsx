// The history list's one-line account of a request's approvals: "2 approved, 1 denied".
import type { QuestionRequest } from "@openoxide/questions-core/questions/schemas";

export function approvalSummary(r: Pick<QuestionRequest, "questions" | "response">): string | null {
  const approvals = r.questions.filter((q) => q.kind === "approval");
  if (!approvals.length) return null;
  const answers = r.response && "answers" in r.response ? r.response.answers : null;
  if (!answers) return `${approvals.length} approval${approvals.length === 1 ? "" : "s"}`;
  let approved = 0;
  let edited = 0;
  for (const q of approvals) {
    const a = answers[q.id];
    if (a?.decision === "approve" || a?.decision === "approve_always") approved++;
    if (a?.editedInput !== undefined) edited++;
  }
  const denied = approvals.length - approved;
  const parts = [approved ? `${approved} approved` : "", edited ? `${edited} edited` : "", denied ? `${denied} not approved` : ""];
  return parts.filter(Boolean).join(", ");
}

export function ApprovalTally({ request }: { request: Pick<QuestionRequest, "questions" | "response"> }) {
  const text = approvalSummary(request);
  if (!text) return null;
  return (
    <>
      <span aria-hidden>·</span>
      <span>{text}</span>
    </>
  );
}
