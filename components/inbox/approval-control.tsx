"use client";
// The inbox control for an approval (SPEC §6): the action as code, Approve / Approve always /
// Deny (keys y / a / n select; Enter or Submit sends), and a JSON editor where editing is allowed.
import { useEffect, useId, useRef, useState } from "react";
import { Button, Hint, Kbd, Label, Textarea, cn } from "@/components/ui";
import { DECISIONS, type Decision, type Question } from "@/lib/questions/schemas";
import { ActionView } from "./approval-action";
import { approvalProblem } from "./approval-draft";
import { DECISION_KEY, DECISION_LABEL, prettyJson } from "@/lib/questions/action-format";
import type { Draft } from "./draft";
import { isTyping } from "./use-answer-keys";

type Props = { question: Question; draft: Draft; onChange: (next: Draft) => void };

const KEY_DECISION: Record<string, Decision> = { y: "approve", a: "approve_always", n: "deny" };

const choice = cn(
  "flex cursor-pointer items-center gap-2 rounded-md border border-zinc-300 px-3 py-2 text-sm font-medium transition-colors",
  "hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800/50",
  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-orange-500 has-[:disabled]:cursor-default has-[:disabled]:opacity-60",
);
const checkedTone: Record<Decision, string> = {
  approve: "has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50 dark:has-[:checked]:bg-emerald-950/40",
  approve_always: "has-[:checked]:border-emerald-600 has-[:checked]:bg-emerald-50 dark:has-[:checked]:bg-emerald-950/40",
  deny: "has-[:checked]:border-red-600 has-[:checked]:bg-red-50 dark:has-[:checked]:bg-red-950/40",
};

/** y / a / n pick a decision while focus is not in a text field and the form is enabled. */
function useDecisionKeys(group: React.RefObject<HTMLDivElement | null>, allowAlways: boolean, choose: (d: Decision) => void) {
  const latest = useRef(choose);
  useEffect(() => {
    latest.current = choose;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || e.altKey || e.ctrlKey || e.metaKey || document.querySelector("dialog[open]")) return;
      const decision = KEY_DECISION[e.key];
      if (!decision || (decision === "approve_always" && !allowAlways)) return;
      if (e.target instanceof HTMLElement && isTyping(e.target)) return;
      // A locked or sending form disables its fieldset, and with it these radios.
      if (!group.current || group.current.querySelector("input:disabled")) return;
      e.preventDefault();
      latest.current(decision);
      group.current.querySelector<HTMLInputElement>(`input[value="${decision}"]`)?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [group, allowAlways]);
}

export function ApprovalControl({ question: q, draft, onChange }: Props) {
  const id = useId();
  const group = useRef<HTMLDivElement>(null);
  const original = prettyJson(q.action?.input);
  const [editing, setEditing] = useState(draft.edited !== undefined);
  const decisions = DECISIONS.filter((d) => d !== "approve_always" || q.allowAlways);
  useDecisionKeys(group, q.allowAlways === true, (decision) => onChange({ ...draft, decision }));
  const problem = approvalProblem(q, draft);

  return (
    <div className="grid gap-4">
      {q.action ? <ActionView action={q.action} /> : null}

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
            {editing && draft.decision === "deny" ? <Hint>An edited input is sent only with an approving decision.</Hint> : null}
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

      <div ref={group} role="radiogroup" aria-label="Decision" className="flex flex-wrap gap-2">
        {decisions.map((d) => (
          <label key={d} className={cn(choice, checkedTone[d])}>
            <input
              type="radio"
              name={`${id}-decision`}
              value={d}
              checked={draft.decision === d}
              onChange={() => onChange({ ...draft, decision: d })}
              className={cn("size-4 focus-visible:outline-none", d === "deny" ? "accent-red-600" : "accent-emerald-600")}
            />
            <span>{DECISION_LABEL[d]}</span>
            <Kbd aria-hidden className="hidden sm:inline-flex">
              {DECISION_KEY[d]}
            </Kbd>
          </label>
        ))}
      </div>
    </div>
  );
}
