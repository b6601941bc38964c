"use client";
// The last step of a multi-question request: every answer at a glance, the unanswered ones
// flagged, and an explicit confirmation before they are sent as skipped.
import { useId } from "react";
import { Badge, Button } from "@/components/ui";
import type { Question } from "@/lib/questions/schemas";
import { emptyDraft, isAnswered, summary, type Draft } from "./draft";

type Props = {
  questions: Question[];
  drafts: Record<string, Draft>;
  confirmed: boolean;
  onConfirm: (v: boolean) => void;
  onEdit: (index: number) => void;
};

export function ReviewStep({ questions, drafts, confirmed, onConfirm, onEdit }: Props) {
  const id = useId();
  const missing = questions.filter((q) => !isAnswered(q, drafts[q.id] ?? emptyDraft())).length;
  return (
    <div className="grid gap-4">
      <div>
        <h2 id={`${id}-title`} className="text-base font-medium">
          Review your answers
        </h2>
        <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">
          {missing === 0 ? "Every question is answered." : `${missing} of ${questions.length} questions unanswered.`}
        </p>
      </div>
      <ol aria-labelledby={`${id}-title`} className="divide-y divide-zinc-200 rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
        {questions.map((q, i) => {
          const d = drafts[q.id] ?? emptyDraft();
          const answered = isAnswered(q, d);
          return (
            <li key={q.id} className="flex items-start gap-3 px-3 py-2.5">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone="orange">{q.header}</Badge>
                  {answered ? null : <Badge tone="amber">Unanswered</Badge>}
                </div>
                <p className="mt-1 truncate text-sm text-zinc-600 dark:text-zinc-400">{q.prompt}</p>
                {answered ? <p className="mt-1 text-sm font-medium break-words">{summary(q, d)}</p> : null}
                {d.note.trim() && answered ? <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">Note: {d.note.trim()}</p> : null}
              </div>
              <Button variant="ghost" size="sm" aria-label={`Edit ${q.header}`} onClick={() => onEdit(i)}>
                Edit
              </Button>
            </li>
          );
        })}
      </ol>
      {missing > 0 ? (
        <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200">
          <label className="flex cursor-pointer items-start gap-2">
            <input
              type="checkbox"
              data-kbd-item=""
              checked={confirmed}
              onChange={(e) => onConfirm(e.target.checked)}
              className="mt-0.5 size-4 accent-orange-600"
            />
            <span>
              <span className="font-medium">Submit with {missing} unanswered</span>
              <span className="block text-xs opacity-80">The agent is told these were skipped.</span>
            </span>
          </label>
        </div>
      ) : null}
    </div>
  );
}
