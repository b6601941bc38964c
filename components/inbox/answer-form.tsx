"use client";
// The answer form: one step per question (with a review step when there are several), keyboard
// first, locked as soon as the request resolves anywhere else. Choosing an option never sends: only
// Enter or Submit does (issue 13). An approval's buttons (and y / a / n) are the exception: each is
// a whole decision and acts in one step (issue 22); Deny first asks for an optional note.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Alert, Button, Card, Spinner } from "@/components/ui";
import type { InboxItem, InboxPage } from "@/lib/questions/inbox";
import type { Decision, Question } from "@/lib/questions/schemas";
import { getJson } from "@/lib/browser/api";
import { emptyDraft, pick, sentSummary, toReply, unanswered, type Draft } from "./draft";
import { flash, FlashNotice } from "./flash";
import { DenyDialog } from "./approval-deny-dialog";
import { KeyboardHint, type HintKind } from "./keyboard-hint";
import { LiveBanner } from "./live-banner";
import { QuestionField } from "./question-field";
import { RejectDialog } from "./reject-dialog";
import { ResolutionNotice } from "./resolution";
import { requestTitle } from "./request-header";
import { ReviewStep } from "./review-step";
import { Stepper } from "./stepper";
import { replayHeldKeys } from "./type-ahead";
import { useAnswerKeys } from "./use-answer-keys";
import { inboxKey, requestKey, useLiveSync } from "./use-live-sync";
import { nextPendingHref, useSubmit } from "./use-submit";
import { AlwaysAnswerToggle } from "@/components/rules/always-answer";
import { ApprovalProgress } from "@/components/rules/approval-progress";
import { RuleProposalHost } from "@/components/rules/rule-proposal-dialog";

function focusStep(root: HTMLElement | null) {
  if (!root || window.matchMedia("(pointer: coarse)").matches) return;
  // An approval's first control is a decision that acts: focusing it would let a reflexive Enter
  // approve. Its keys (y / a / n) work from anywhere on the page.
  if (root.querySelector("[data-decision]")) return;
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
  const [denying, setDenying] = useState<string | null>(null); // the approval asking for a deny note
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

  // One approval decision: recorded, then sent at once (a lone question) or on to the next step.
  const settle = (q: Question, d: Draft) => {
    update(q.id, d);
    if (!multi) send();
    else setStep(Math.min(review, step + 1));
  };
  const decide = (q: Question, decision: Decision) => {
    if (decision === "deny") return setDenying(q.id);
    settle(q, { ...(draftsRef.current[q.id] ?? emptyDraft()), decision });
  };
  const allApprovals = questions.every((x) => x.kind === "approval");
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
      // A lone approval is decided by its buttons only: a stray Enter decides nothing.
      if (!multi && questions[step]?.kind === "approval") return;
      // Enter on an option that is not chosen yet only chooses it: the option focused on arrival
      // must not go out on a reflexive Enter. The next Enter sends.
      // (Read from the draft, not the DOM: a replayed digit may not be rendered yet.)
      const chosen = questions[step] ? (draftsRef.current[questions[step]!.id]?.selected ?? []) : [];
      if (target instanceof HTMLInputElement && target.type === "radio" && !chosen.includes(target.value)) return target.click();
      next();
    },
    // One way to say no: on an approval Esc denies it; Reject exists only beside other questions.
    escape: () => {
      const q = questions[step];
      if (q?.kind === "approval") setDenying(q.id);
      else if (!allApprovals) setRejecting(true);
    },
  });

  // Last of the key effects (children's run first): keys typed while this page was on its way.
  useEffect(() => replayHeldKeys(), []);

  const q = questions[step];
  const nextLabel = !multi || step === review ? "Submit" : step === review - 1 ? "Review" : "Next";
  const loneApproval = !multi && q?.kind === "approval";
  const hintKind: HintKind = !q ? "review" : q.kind === "approval" ? "approval" : q.kind === "freeform" ? "freeform" : "select";
  const denied = denying ? questions.find((x) => x.id === denying) : undefined;
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
                onDecide={(d) => decide(q, d)}
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
        {loneApproval ? (
          submit.busy ? (
            <div className="px-4 pb-3">
              <Spinner label="Sending" />
            </div>
          ) : null
        ) : (
          <footer className="flex flex-wrap items-center gap-2 border-t border-zinc-200 px-4 py-3 dark:border-zinc-800">
            {allApprovals ? null : (
              <Button variant="ghost" className="text-red-700 dark:text-red-400" disabled={disabled} onClick={() => setRejecting(true)}>
                Reject
              </Button>
            )}
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
        )}
      </Card>
      </div>
      <KeyboardHint kind={hintKind} steps={multi} allowAlways={q?.allowAlways === true} canReject={!allApprovals} />
      <DenyDialog
        open={denied !== undefined && !locked && !disabled}
        initialNote={denied ? (drafts[denied.id]?.note ?? "") : ""}
        onClose={() => setDenying(null)}
        onConfirm={(note) => {
          setDenying(null);
          if (denied) settle(denied, { ...(draftsRef.current[denied.id] ?? emptyDraft()), decision: "deny", note });
        }}
      />
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
