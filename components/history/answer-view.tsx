// One question of a resolved request with its answer: the options (chosen ones marked), the
// Other text, free text, a skipped mark or the secret line, and the reviewer's note.
import type { ReactNode } from "react";
import { Badge } from "@/components/ui";
import type { SecretLine } from "@openoxide/questions-core/questions/history";
import type { Answer, Question } from "@openoxide/questions-core/questions/schemas";
import { ApprovalAnswer } from "./approval-answer";
import { actorName, formatTime, KIND_LABEL } from "./format";

type Props = { index: number; question: Question; answer: Answer | undefined; secret: SecretLine | undefined; reviewer?: ReactNode };

/** "Secret provided by X at T (claimed at T2)": who and when, never the value. */
export function secretSentence(s: SecretLine): string {
  const state = s.claimedAt
    ? `claimed by the agent at ${formatTime(s.claimedAt)} UTC`
    : s.purgedAt
      ? `purged unclaimed at ${formatTime(s.purgedAt)} UTC`
      : "not yet claimed";
  return `Secret provided by ${actorName(s.providedBy)} at ${formatTime(s.providedAt)} UTC (${state})`;
}

function LockIcon() {
  return (
    <svg aria-hidden viewBox="0 0 16 16" className="mt-0.5 size-4 shrink-0 text-zinc-500" fill="none" stroke="currentColor" strokeWidth="1.5">
      <rect x="3" y="7" width="10" height="7" rx="1.5" />
      <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" strokeLinecap="round" />
    </svg>
  );
}

function Check({ on }: { on: boolean }) {
  return (
    <span
      aria-hidden
      className={
        on
          ? "mt-0.5 grid size-4 shrink-0 place-items-center rounded-full bg-emerald-600 text-[10px] text-white"
          : "mt-0.5 size-4 shrink-0 rounded-full border border-zinc-300 dark:border-zinc-600"
      }
    >
      {on ? "✓" : null}
    </span>
  );
}

function Options({ question, answer }: { question: Question; answer: Answer | undefined }) {
  const chosen = new Set(answer?.selected ?? []);
  return (
    <ul className="space-y-1.5 text-sm" aria-label="Options">
      {question.options.map((o) => {
        const on = chosen.has(o.label);
        return (
          <li key={o.label} className="flex gap-2">
            <Check on={on} />
            <span className={on ? "font-medium" : "text-zinc-500 dark:text-zinc-400"}>
              {o.label}
              {on ? <span className="sr-only"> (selected)</span> : null}
              {o.description ? <span className="ml-1.5 text-xs font-normal text-zinc-500 dark:text-zinc-400">{o.description}</span> : null}
            </span>
          </li>
        );
      })}
      {answer?.custom ? (
        <li className="flex gap-2">
          <Check on />
          <span>
            <span className="font-medium">Other:</span> <span className="whitespace-pre-wrap">{answer.custom}</span>
          </span>
        </li>
      ) : null}
    </ul>
  );
}

function Body({ question, answer, secret, reviewer }: Omit<Props, "index">) {
  if (question.kind === "approval") return <ApprovalAnswer question={question} answer={answer} reviewer={reviewer} />;
  if (secret) {
    return (
      <p className="flex items-start gap-2 rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-sm dark:border-zinc-800 dark:bg-zinc-950">
        <LockIcon />
        <span>{secretSentence(secret)}</span>
      </p>
    );
  }
  if (answer?.skipped) return <p className="text-sm text-zinc-500 italic dark:text-zinc-400">Skipped — left unanswered on purpose by the reviewer.</p>;
  if (question.kind === "freeform") {
    if (answer?.text) return <p className="rounded-md border border-zinc-200 px-3 py-2 text-sm whitespace-pre-wrap dark:border-zinc-800">{answer.text}</p>;
    return <p className="text-sm text-zinc-500 dark:text-zinc-400">Not answered.</p>;
  }
  return <Options question={question} answer={answer} />;
}

export function AnswerView({ index, question, answer, secret, reviewer }: Props) {
  const headingId = `q-${question.id}`;
  return (
    <article aria-labelledby={headingId} className="space-y-3 px-4 py-4">
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="tabular-nums">Q{index + 1}</span>
          <Badge tone="neutral">{question.header}</Badge>
          <span>{KIND_LABEL[question.kind]}</span>
          {question.secret ? <Badge tone="orange">Secret</Badge> : null}
          {answer?.skipped ? <Badge tone="amber">Skipped</Badge> : null}
        </div>
        <h3 id={headingId} className="text-sm font-medium whitespace-pre-wrap">
          {question.prompt}
        </h3>
      </header>
      <Body question={question} answer={answer} secret={secret} reviewer={reviewer} />
      {answer?.note ? (
        <div className="border-l-2 border-orange-400 pl-3 text-sm">
          <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">Note</p>
          <p className="whitespace-pre-wrap">{answer.note}</p>
        </div>
      ) : null}
    </article>
  );
}
