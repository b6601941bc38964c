"use client";
// Step pills above a multi-question form: one per question, then the review step.
import { cn } from "@/components/ui";
import type { Question } from "@/lib/questions/schemas";
import { emptyDraft, isAnswered, type Draft } from "./draft";

type Props = { questions: Question[]; drafts: Record<string, Draft>; step: number; onStep: (i: number) => void; disabled: boolean };

export function Stepper({ questions, drafts, step, onStep, disabled }: Props) {
  const items = [...questions.map((q) => ({ label: q.header, done: isAnswered(q, drafts[q.id] ?? emptyDraft()) })), { label: "Review", done: false }];
  return (
    <nav aria-label="Steps" className="overflow-x-auto border-b border-zinc-200 px-2 dark:border-zinc-800">
      <ol className="flex min-w-max items-center gap-1 py-2">
        {items.map((item, i) => (
          <li key={i}>
            <button
              type="button"
              disabled={disabled}
              aria-current={i === step ? "step" : undefined}
              onClick={() => onStep(i)}
              className={cn(
                "inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium transition-colors",
                "focus-visible:outline-2 focus-visible:outline-orange-500 disabled:opacity-60",
                i === step
                  ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900"
                  : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800",
              )}
            >
              <span
                aria-hidden
                className={cn(
                  "grid size-4 place-items-center rounded-full text-[10px]",
                  item.done ? "bg-emerald-600 text-white" : i === step ? "bg-white/20" : "bg-zinc-200 dark:bg-zinc-700",
                )}
              >
                {item.done ? "✓" : i < questions.length ? i + 1 : "…"}
              </span>
              {/* The accessible name holds the visible label (WCAG 2.5.3), with the step and state around it. */}
              <span className="sr-only">Step {i + 1}: </span>
              {item.label}
              {item.done ? <span className="sr-only"> (answered)</span> : null}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
