// An approval in history (SPEC §6): the decision and who made it, the action, and the edited
// input beside the original.
import { Badge } from "@/components/ui";
import { ActionInput, ActionView } from "@/components/inbox/approval-action";
import { DECISION_DONE } from "@openoxide/questions-core/questions/action-format";
import type { Answer, Question } from "@openoxide/questions-core/questions/schemas";
import type { ReactNode } from "react";

/** `reviewer`: who decided, as rendered (components/history/resolved-by.tsx). */
type Props = { question: Question; answer: Answer | undefined; reviewer: ReactNode };

function Decision({ answer, reviewer }: Omit<Props, "question">) {
  if (!answer?.decision) return <p className="text-sm text-zinc-500 dark:text-zinc-400">No decision.</p>;
  const approved = answer.decision !== "deny";
  const label = answer.skipped ? "Skipped — counts as not approved" : DECISION_DONE[answer.decision];
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <Badge tone={approved ? "green" : "red"}>{label}</Badge>
      {answer.skipped ? null : <span className="text-zinc-600 dark:text-zinc-400">by {reviewer ?? "—"}</span>}
      {answer.editedInput !== undefined ? <Badge tone="amber">Input edited</Badge> : null}
    </p>
  );
}

export function ApprovalAnswer({ question, answer, reviewer }: Props) {
  const action = question.action;
  const edited = answer?.editedInput !== undefined && action;
  return (
    <div className="grid gap-3">
      <Decision answer={answer} reviewer={reviewer} />
      {action && !edited ? <ActionView action={action} /> : null}
      {edited ? (
        <>
          <ActionView action={action} inputHidden />
          <div className="grid gap-3 md:grid-cols-2">
            <section aria-label="Original input" className="grid min-w-0 content-start gap-1">
              <h4 className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Original input</h4>
              <ActionInput action={action} label="Original input" />
            </section>
            <section aria-label="Edited input" className="grid min-w-0 content-start gap-1">
              <h4 className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Edited input</h4>
              <ActionInput action={{ tool: action.tool, input: answer.editedInput ?? null }} label="Edited input" />
            </section>
          </div>
        </>
      ) : null}
    </div>
  );
}
