// The create path's one call into rules (lib/questions/create.ts): the verdict of the team's
// rules for a new request, and the row fields it sets.
import { validationError } from "../errors";
import type { CreateRequestBody, Question } from "../questions/schemas";
import { cwdOf, decide, type Verdict } from "./decide";
import { liveRules, recordHits } from "./store";

export { recordHits };

/** `requiredApprovals` above 1 only makes sense on a request that asks for an approval. */
export function checkRequiredApprovals(body: CreateRequestBody, questions: Question[]): void {
  if ((body.requiredApprovals ?? 1) > 1 && !questions.some((q) => q.kind === "approval")) {
    throw validationError([{ path: "requiredApprovals", message: "only requests with an approval question can need several approvers" }]);
  }
}

export async function rulesVerdict(teamId: string, body: CreateRequestBody, questions: Question[]): Promise<Verdict | null> {
  const requiredApprovals = body.requiredApprovals ?? 1;
  const rules = await liveRules(teamId);
  if (!rules.length && requiredApprovals <= 1) return null;
  return decide(rules, {
    agentName: body.agent.name,
    sessionId: body.agent.sessionId ?? null,
    cwd: cwdOf(body.agent.cwd, questions),
    questions,
    requiredApprovals,
  });
}

/** The fields a verdict sets on the new row (status, response, who resolved it, the vote state). */
export function verdictFields(v: Verdict | null): { status: "answered" | "rejected" | "pending"; response: string | null; resolvedBy: string | null; approvals: string | null } {
  if (!v) return { status: "pending", response: null, resolvedBy: null, approvals: null };
  if (v.kind === "pending") {
    return { status: "pending", response: null, resolvedBy: null, approvals: v.requiredApprovals > 1 ? JSON.stringify({ required: v.requiredApprovals, votes: [] }) : null };
  }
  const response = v.kind === "answered" ? { answers: v.answers } : { rejection: v.rejection };
  return { status: v.kind, response: JSON.stringify(response), resolvedBy: `rule:${v.ruleIds[0]}`, approvals: null };
}
