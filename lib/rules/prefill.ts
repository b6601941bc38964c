// Settings → Rules opened with `?fingerprint=…[&from=<request id>]` (insights' "make this a rule"):
// the answer rule that form proposes — the question and the answer it would repeat, taken from the
// given request or else the team's latest answer by a person to a question with that fingerprint.
import { db } from "../db/client";
import { answerSummary } from "../questions/history-summary";
import { toView } from "../questions/view";

export type AnswerRulePrefill = { fingerprint: string; fromRequest: string; header: string; prompt: string; answer: string; agent: string };

export async function answerRulePrefill(teamId: string, fingerprint: string, from?: string): Promise<AnswerRulePrefill | null> {
  const row = await db().questionRequest.findFirst({
    where: {
      teamId,
      fingerprint,
      status: "answered",
      NOT: { resolvedBy: { startsWith: "rule:" } },
      ...(from ? { id: from } : {}),
    },
    orderBy: { resolvedAt: "desc" },
  });
  if (!row) return null;
  const view = toView(row);
  if (!view.response || !("answers" in view.response) || view.questions.some((q) => q.secret || q.kind === "approval")) return null;
  const answers = Object.fromEntries(Object.entries(view.response.answers).map(([k, a]) => [k, { ...a, note: null }]));
  const first = view.questions[0]!;
  return {
    fingerprint,
    fromRequest: view.id,
    header: first.header,
    prompt: view.questions.length > 1 ? `${first.prompt} (+${view.questions.length - 1} more)` : first.prompt,
    answer: answerSummary({ questions: view.questions, response: { answers } }).map((s) => `${s.header}: ${s.value}`).join("; "),
    agent: view.agent.name,
  };
}
