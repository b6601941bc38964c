"use client";
// The control for one question: radio group, checkboxes, textarea or secret input, plus
// "Other" (where allowed) and "Note". Option inputs carry data-kbd-item for j/k navigation.
import { useId, useState } from "react";
import { Badge, Button, Hint, Input, Kbd, Label, Textarea, cn } from "@/components/ui";
import type { Decision, Question } from "@/lib/questions/schemas";
import { ApprovalControl } from "./approval-control";
import { pick, setCustom, type Draft } from "./draft";

type Props = {
  question: Question;
  draft: Draft;
  onChange: (next: Draft) => void;
  /** Approvals: a decision button or key (see ApprovalControl). */
  onDecide: (decision: Decision) => void;
  step?: string;
};

const optionRow = cn(
  "flex cursor-pointer items-start gap-3 rounded-md border border-zinc-200 px-3 py-2.5 transition-colors",
  "hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:border-zinc-700 dark:hover:bg-zinc-800/50",
  "has-[:checked]:border-orange-500 has-[:checked]:bg-orange-50/60 dark:has-[:checked]:border-orange-500 dark:has-[:checked]:bg-orange-950/30",
  "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-orange-500",
);

export function QuestionField({ question: q, draft, onChange, onDecide, step }: Props) {
  const id = useId();
  const promptId = `${id}-prompt`;
  const single = q.kind === "single_select";
  return (
    <div className="grid gap-4">
      <div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="orange">{q.header}</Badge>
          {step ? <span className="text-xs text-zinc-500 dark:text-zinc-400">{step}</span> : null}
          {q.kind === "multi_select" ? <span className="text-xs text-zinc-500 dark:text-zinc-400">Choose any</span> : null}
          {q.secret ? <Badge tone="amber">Secret</Badge> : null}
        </div>
        {/* An approval leads with its action; its control shows the prompt under it. */}
        {q.kind === "approval" ? null : (
          <p id={promptId} className="mt-2 text-base font-medium leading-snug whitespace-pre-wrap">
            {q.prompt}
          </p>
        )}
      </div>

      {q.kind === "approval" ? (
        <ApprovalControl question={q} draft={draft} onChange={onChange} onDecide={onDecide} promptId={promptId} />
      ) : q.kind === "freeform" ? (
        q.secret ? (
          <SecretInput labelledBy={promptId} value={draft.text} onChange={(text) => onChange({ ...draft, text })} />
        ) : (
          <Textarea
            aria-labelledby={promptId}
            rows={5}
            value={draft.text}
            onChange={(e) => onChange({ ...draft, text: e.target.value })}
            placeholder="Type your answer"
          />
        )
      ) : (
        <div role={single ? "radiogroup" : "group"} aria-labelledby={promptId} className="grid gap-2">
          {q.options.map((o, i) => {
            const checked = draft.selected.includes(o.label);
            const descId = `${id}-d${i}`;
            return (
              <label key={o.label} className={optionRow}>
                <input
                  type={single ? "radio" : "checkbox"}
                  name={`${id}-options`}
                  value={o.label}
                  checked={checked}
                  data-kbd-item=""
                  aria-describedby={o.description ? descId : undefined}
                  className="mt-0.5 size-4 shrink-0 accent-orange-600 focus-visible:outline-none"
                  onChange={() => onChange(pick(q, draft, o.label))}
                />
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-medium">{o.label}</span>
                  {o.description ? (
                    <span id={descId} className="mt-0.5 block text-xs text-zinc-500 dark:text-zinc-400">
                      {o.description}
                    </span>
                  ) : null}
                </span>
                {i < 9 ? (
                  <Kbd aria-hidden className="mt-0.5 hidden sm:inline-flex">
                    {i + 1}
                  </Kbd>
                ) : null}
              </label>
            );
          })}
          {q.allowCustom ? (
            <div className="grid gap-1">
              <div className="flex items-center gap-2">
                <Label htmlFor={`${id}-other`}>Other</Label>
                {q.options.length < 9 ? (
                  <Kbd aria-hidden className="hidden sm:inline-flex">
                    {q.options.length + 1}
                  </Kbd>
                ) : null}
              </div>
              <Input
                id={`${id}-other`}
                data-kbd-item=""
                data-other=""
                value={draft.custom}
                placeholder={single ? "A different answer" : "Another answer, in addition"}
                onChange={(e) => onChange(setCustom(q, draft, e.target.value))}
              />
            </div>
          ) : null}
        </div>
      )}

      <div className="grid gap-1">
        <Label htmlFor={`${id}-note`} className="text-xs text-zinc-600 dark:text-zinc-400">
          Note
        </Label>
        <Input id={`${id}-note`} value={draft.note} placeholder="Optional remark for the agent" className="h-8" onChange={(e) => onChange({ ...draft, note: e.target.value })} />
      </div>
    </div>
  );
}

function SecretInput({ labelledBy, value, onChange }: { labelledBy: string; value: string; onChange: (v: string) => void }) {
  const [shown, setShown] = useState(false);
  const hintId = useId();
  return (
    <div className="grid gap-1">
      <div className="flex gap-2">
        <Input
          type={shown ? "text" : "password"}
          aria-labelledby={labelledBy}
          aria-describedby={hintId}
          autoComplete="new-password"
          spellCheck={false}
          data-secret=""
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="font-mono"
        />
        <Button variant="secondary" aria-pressed={shown} aria-label={shown ? "Hide secret" : "Show secret"} onClick={() => setShown((s) => !s)}>
          {shown ? "Hide" : "Show"}
        </Button>
      </div>
      <Hint id={hintId}>Encrypted at rest and handed to the asking agent once. It never appears in history.</Hint>
    </div>
  );
}
