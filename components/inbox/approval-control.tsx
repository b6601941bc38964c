"use client";
// The inbox control for an approval (SPEC §6): the action itself is the headline (a command, a
// diff, JSON), then the host's question and the agent's claim, then Approve / Approve always /
// Deny as buttons that act in one step (keys y / a / n). What a decision does (send now, ask for a
// note, move on to the next question) is the form's business: this control only reports it.
import { useEffect, useId, useRef, useState } from "react";
import { Button, Hint, Kbd, Label, Textarea, cn } from "@/components/ui";
import { DECISIONS, type Decision, type Question } from "@/lib/questions/schemas";
import { ActionInput, AgentClaim, ToolName } from "./approval-action";
import { approvalProblem } from "./approval-draft";
import { DECISION_KEY, DECISION_LABEL, prettyJson } from "@/lib/questions/action-format";
import type { Draft } from "./draft";
import { isTyping } from "./use-answer-keys";

type Props = {
  question: Question;
  draft: Draft;
  onChange: (next: Draft) => void;
  /** A decision button or key: acts at once (the form sends it, or asks for a deny note first). */
  onDecide: (decision: Decision) => void;
  promptId: string;
};

export const KEY_DECISION: Record<string, Decision> = { y: "approve", a: "approve_always", n: "deny" };

const tone: Record<Decision, string> = {
  approve: "bg-emerald-700 text-white hover:bg-emerald-600 dark:bg-emerald-600 dark:hover:bg-emerald-500",
  approve_always: "border border-emerald-700 bg-white text-emerald-800 hover:bg-emerald-50 dark:border-emerald-500 dark:bg-zinc-900 dark:text-emerald-300 dark:hover:bg-emerald-950/40",
  deny: "border border-red-600 bg-white text-red-700 hover:bg-red-50 dark:border-red-500 dark:bg-zinc-900 dark:text-red-300 dark:hover:bg-red-950/40",
};

/** y / a / n decide while focus is not in a text field, no dialog is open and the form is enabled. */
function useDecisionKeys(group: React.RefObject<HTMLDivElement | null>, offered: Decision[], decide: (d: Decision) => void) {
  const latest = useRef({ decide, offered });
  useEffect(() => {
    latest.current = { decide, offered };
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || e.altKey || e.ctrlKey || e.metaKey || e.repeat || document.querySelector("dialog[open]")) return;
      const decision = KEY_DECISION[e.key];
      if (!decision || !latest.current.offered.includes(decision)) return;
      if (e.target instanceof HTMLElement && isTyping(e.target)) return;
      // A locked or sending form disables its fieldset, and with it these buttons.
      const button = group.current?.querySelector<HTMLButtonElement>(`button[data-decision="${decision}"]`);
      if (!button || button.matches(":disabled")) return;
      e.preventDefault();
      latest.current.decide(decision);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [group]);
}

export function ApprovalControl({ question: q, draft, onChange, onDecide, promptId }: Props) {
  const id = useId();
  const group = useRef<HTMLDivElement>(null);
  const original = prettyJson(q.action?.input);
  const [editing, setEditing] = useState(draft.edited !== undefined);
  const decisions = DECISIONS.filter((d) => d !== "approve_always" || q.allowAlways);
  const problem = approvalProblem(q, draft);
  useDecisionKeys(group, decisions, onDecide);

  return (
    <div className="grid gap-4">
      {q.action ? (
        <div className="grid gap-2">
          <ToolName tool={q.action.tool} />
          <ActionInput action={q.action} />
        </div>
      ) : null}
      <p id={promptId} className="text-base font-medium leading-snug whitespace-pre-wrap">
        {q.prompt}
      </p>
      {q.action?.summary ? <AgentClaim source={q.action.summary} /> : null}

      {q.allowEdit ? (
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Button
              variant="secondary"
              size="sm"
              aria-expanded={editing}
              aria-controls={`${id}-editor`}
              onClick={() => {
                if (editing) onChange({ ...draft, edited: undefined });
                setEditing(!editing);
              }}
            >
              {editing ? "Discard edit" : "Edit input"}
            </Button>
            {editing ? <Hint>The edit is sent with Approve; Deny never carries it.</Hint> : null}
          </div>
          {editing ? (
            <div id={`${id}-editor`} className="grid gap-1">
              <Label htmlFor={`${id}-json`}>Edited input (JSON)</Label>
              <Textarea
                id={`${id}-json`}
                rows={Math.min(16, Math.max(4, original.split("\n").length + 1))}
                spellCheck={false}
                className="font-mono text-xs"
                aria-invalid={problem !== null}
                aria-describedby={problem ? `${id}-json-error` : undefined}
                value={draft.edited ?? original}
                onChange={(e) => onChange({ ...draft, edited: e.target.value === original ? undefined : e.target.value })}
              />
              {problem ? (
                <p id={`${id}-json-error`} role="alert" className="text-xs text-red-700 dark:text-red-400">
                  Cannot be sent: {problem}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}

      <div ref={group} role="group" aria-label="Decision" className="flex flex-wrap gap-2">
        {decisions.map((d) => (
          <button
            key={d}
            type="button"
            data-decision={d}
            data-kbd-item=""
            aria-keyshortcuts={DECISION_KEY[d]}
            aria-pressed={draft.decision === undefined ? undefined : draft.decision === d}
            // An approving decision cannot go out with an edit that does not parse.
            disabled={d !== "deny" && problem !== null}
            onClick={() => onDecide(d)}
            className={cn(
              "inline-flex h-10 items-center gap-2 rounded-md px-4 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50",
              "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-orange-500 aria-pressed:ring-2 aria-pressed:ring-orange-500",
              tone[d],
            )}
          >
            {DECISION_LABEL[d]}
            <Kbd aria-hidden className="hidden sm:inline-flex">
              {DECISION_KEY[d]}
            </Kbd>
          </button>
        ))}
      </div>
    </div>
  );
}
