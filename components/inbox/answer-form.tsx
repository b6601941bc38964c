"use client";
// The answer form: one step per question (with a review step when there are several), keyboard
// first, locked as soon as the request resolves anywhere else. Choosing never sends: only Enter or
// Submit does (issue 13), so a stray digit, click or tap cannot answer for the reviewer.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Alert, Button, Card, Spinner } from "@/components/ui";
import type { InboxItem, InboxPage } from "@/lib/questions/inbox";
import { getJson } from "@/lib/browser/api";
import { emptyDraft, pick, sentSummary, toReply, unanswered, type Draft } from "./draft";
import { flash, FlashNotice } from "./flash";
import { KeyboardHint } from "./keyboard-hint";
import { LiveBanner } from "./live-banner";
import { QuestionField } from "./question-field";
import { RejectDialog } from "./reject-dialog";
import { ResolutionNotice } from "./resolution";
import { requestTitle } from "./request-header";
import { ReviewStep } from "./review-step";
import { Stepper } from "./stepper";
import { useAnswerKeys } from "./use-answer-keys";
import { inboxKey, requestKey, useLiveSync } from "./use-live-sync";
import { nextPendingHref, useSubmit } from "./use-submit";
import { AlwaysAnswerToggle } from "@/components/rules/always-answer";
import { ApprovalProgress } from "@/components/rules/approval-progress";
import { RuleProposalHost } from "@/components/rules/rule-proposal-dialog";

function focusStep(root: HTMLElement | null) {
  if (!root || window.matchMedia("(pointer: coarse)").matches) return;
  const target =
    root.querySelector<HTMLElement>("[data-kbd-item]:checked") ??
    root.querySelector<HTMLElement>("textarea, [data-secret], [data-kbd-item]") ??
    root.querySelector<HTMLElement>("[data-submit]");
  target?.focus();
}

export function AnswerForm({ initial, since }: { initial: InboxItem; since: number }) {
  const qc = useQueryClient();
  useEffect(() => {
    qc.setQueryData<InboxItem>(requestKey(initial.id), (old) => (!old || initial.version > old.version ? initial : old));
  }, [qc, initial]);
  useLiveSync(since);
  const { data: request } = useQuery({
    queryKey: requestKey(initial.id),
    queryFn: ({ signal }) => getJson<InboxItem>(`/api/ui/requests/${encodeURIComponent(initial.id)}`, signal),
    initialData: initial,
  });
  // The inbox list tells where to go next after this one.
  const { data: inbox } = useQuery({ queryKey: inboxKey, queryFn: ({ signal }) => getJson<InboxPage>("/api/ui/requests", signal) });
  const questions = request.questions;
  const multi = questions.length > 1;
  const review = questions.length;

  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const draftsRef = useRef(drafts);
  const [step, setStep] = useState(0);
  const [confirmed, setConfirmed] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const root = useRef<HTMLDivElement>(null); // the form card: where keys act and focus moves
  const submit = useSubmit(request);
  const locked = request.status !== "pending";
  const disabled = locked || submit.busy !== null || submit.sent;

  const update = (qid: string, d: Draft) => {
    draftsRef.current = { ...draftsRef.current, [qid]: d };
    setDrafts(draftsRef.current);
    submit.setError(null);
  };

  const send = () => {
    const current = draftsRef.current;
    const missing = unanswered(questions, current);
    if (missing.length > 0 && !multi) return submit.setError("Answer the question first, or reject the request.");
    if (missing.length > 0 && (step !== review || !confirmed)) {
      setStep(review);
      return submit.setError(step === review ? `Confirm that ${missing.length} unanswered may be skipped.` : null);
    }
    const said = sentSummary(questions, current);
    const title = requestTitle(request);
    const hasNext = nextPendingHref(inbox, request.id) !== "/inbox";
    void submit.reply(toReply(questions, current, missing.length > 0)).then((ok) => {
      // Replaces the generic notice: the banner repeats what was sent, and for which request.
      if (ok) flash({ text: `Answer sent to ${request.agent.name} for “${title}”.${hasNext ? " Here is the next request." : ""}`, details: said });
    });
  };
  const next = () => (!multi || step === review ? send() : setStep(step + 1));
  const go = (i: number) => setStep(Math.max(0, Math.min(review, i)));

  useEffect(() => focusStep(root.current), [step]);

  useAnswerKeys(root, !disabled, {
    digit: (i) => {
      const q = questions[step];
      if (!q || q.kind === "freeform") return;
      const inputs = root.current?.querySelectorAll<HTMLElement>("[data-kbd-item]");
      if (i < q.options.length) {
        const d = pick(q, draftsRef.current[q.id] ?? emptyDraft(), q.options[i]!.label);
        update(q.id, d);
        inputs?.[i]?.focus();
      } else if (i === q.options.length && q.allowCustom) {
        root.current?.querySelector<HTMLElement>("[data-other]")?.focus();
      }
    },
    question: (delta) => multi && go(step + delta),
    enter: (target) => {
      // Enter on an option that is not chosen yet only chooses it: the option focused on arrival
      // must not go out on a reflexive Enter. The next Enter sends.
      if (target instanceof HTMLInputElement && target.type === "radio" && !target.checked) return target.click();
      next();
    },
    escape: () => setRejecting(true),
  });

  const q = questions[step];
  const nextLabel = !multi || step === review ? "Submit" : step === review - 1 ? "Review" : "Next";
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <FlashNotice />
      <LiveBanner />
      {locked && !submit.sent ? <ResolutionNotice request={request} nextHref={nextPendingHref(inbox, request.id)} /> : null}
      <ApprovalProgress request={request} />
      <div ref={root}>
      <Card aria-label="Answer">
        {multi ? <Stepper questions={questions} drafts={drafts} step={step} onStep={go} disabled={disabled} /> : null}
        <div className="px-4 py-4">
          <fieldset disabled={disabled} className="min-w-0">
            {q ? (
              <QuestionField
                key={q.id}
                question={q}
                draft={drafts[q.id] ?? emptyDraft()}
                onChange={(d) => update(q.id, d)}
                step={multi ? `Question ${step + 1} of ${questions.length}` : undefined}
              />
            ) : (
              <ReviewStep questions={questions} drafts={drafts} confirmed={confirmed} onConfirm={setConfirmed} onEdit={go} />
            )}
          </fieldset>
        </div>
        {submit.error && !rejecting ? (
          <div className="px-4 pb-3">
            <Alert tone="error">{submit.error}</Alert>
          </div>
        ) : null}
        <footer className="flex flex-wrap items-center gap-2 border-t border-zinc-200 px-4 py-3 dark:border-zinc-800">
          <Button variant="ghost" className="text-red-700 dark:text-red-400" disabled={disabled} onClick={() => setRejecting(true)}>
            Reject
          </Button>
          <AlwaysAnswerToggle request={request} disabled={disabled} />
          <div className="ml-auto flex items-center gap-2">
            {submit.busy ? <Spinner label="Sending" /> : null}
            {multi && step > 0 ? (
              <Button variant="secondary" disabled={disabled} onClick={() => go(step - 1)}>
                Back
              </Button>
            ) : null}
            <Button data-submit="" disabled={disabled} onClick={next}>
              {nextLabel}
            </Button>
          </div>
        </footer>
      </Card>
      </div>
      <KeyboardHint steps={multi} />
      <RuleProposalHost />
      <RejectDialog
        open={rejecting && !locked}
        busy={submit.busy === "reject"}
        error={rejecting ? submit.error : null}
        onClose={() => {
          setRejecting(false);
          submit.setError(null);
        }}
        onConfirm={(reason) => void submit.reject(reason)}
      />
    </div>
  );
}
