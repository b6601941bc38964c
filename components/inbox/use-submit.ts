"use client";
// Sending a reply or a rejection (a React Query mutation): If-Match carries the version the
// reviewer saw; a conflict re-reads the request (which locks the form); success moves on to the
// next pending request.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { getJson, isConflict, postJson, UiError } from "@/lib/browser/api";
import type { InboxItem, InboxPage, Outcome } from "@/lib/questions/inbox";
import type { ReplyInput } from "@/lib/questions/schemas";
import { flash } from "./flash";
import { holdKeys } from "./type-ahead";
import { inboxKey, requestKey } from "./use-live-sync";
import { approveAlwaysIn, proposeRule, saveAlwaysAnswer } from "@/components/rules/proposal-store";

function message(e: unknown): string {
  if (e instanceof UiError) {
    const fields = e.problem?.errors?.map((f) => f.message);
    return fields?.length ? `${e.problem?.title ?? "Not accepted"}: ${fields.join("; ")}` : e.message;
  }
  return "Could not reach the server. Check your connection and try again.";
}

export function nextPendingHref(page: InboxPage | undefined, currentId: string): string {
  const next = page?.data.find((r) => r.id !== currentId && r.status === "pending");
  return next ? `/inbox/${next.id}` : "/inbox";
}

type Send = { kind: "reply" | "reject"; body: unknown; done: string };

export function useSubmit(request: InboxItem) {
  const qc = useQueryClient();
  const router = useRouter();
  const [localError, setLocalError] = useState<string | null>(null);
  const path = `/api/ui/requests/${encodeURIComponent(request.id)}`;

  const finish = (text: string) => {
    const page = qc.getQueryData<InboxPage>(inboxKey);
    const href = nextPendingHref(page, request.id);
    qc.setQueryData<InboxPage>(inboxKey, (old) =>
      old && old.data.some((r) => r.id === request.id) ? { data: old.data.filter((r) => r.id !== request.id), total: old.total - 1 } : old,
    );
    flash(href === "/inbox" ? `${text}.` : `${text}. Here is the next request.`);
    if (href !== "/inbox") holdKeys(href);
    router.push(href);
  };

  const mutation = useMutation({
    mutationFn: async ({ kind, body }: Send) => {
      const out = await postJson<Outcome>(`${path}/${kind}`, body, { "if-match": `"v${request.version}"` });
      // "Always answer this the same way" (components/rules): saved from the answer just stored.
      if (kind === "reply" && out.status === "answered") await saveAlwaysAnswer(request).catch(() => flash("The answer was sent, but the rule could not be saved."));
      return out;
    },
    // Still pending after a reply: one vote of several (lib/rules/quorum.ts).
    onSuccess: (out, v) => finish(out.status === "pending" ? "Your approval was recorded; it needs another person's too" : v.done),
    onError: async (e) => {
      if (e instanceof UiError && e.status === 401) {
        router.push(`/signin?next=${encodeURIComponent(window.location.pathname)}`);
      } else if (isConflict(e)) {
        // Someone else got there first: show their resolution instead of an error.
        qc.setQueryData(requestKey(request.id), await getJson<InboxItem>(path).catch(() => request));
      }
    },
  });

  const failed = mutation.error;
  const shown = failed && !isConflict(failed) && !(failed instanceof UiError && failed.status === 401) ? message(failed) : null;

  const run = (send: Send): Promise<boolean> => {
    if (mutation.isPending) return Promise.resolve(false);
    setLocalError(null);
    // A vote that leaves the request pending (several approvers) is not "sent": the caller's
    // "Answer sent" banner would hide the "recorded" notice finish() showed.
    return mutation.mutateAsync(send).then(
      (out) => out.status !== "pending",
      () => false,
    );
  };

  return {
    busy: mutation.isPending ? mutation.variables.kind : null,
    error: localError ?? shown,
    sent: mutation.isSuccess,
    setError: (text: string | null) => {
      setLocalError(text);
      if (text === null) mutation.reset();
    },
    reply: async (body: ReplyInput) => {
      // "Approve always" proposes a rule first (components/rules/rule-proposal-dialog.tsx).
      const always = approveAlwaysIn(body);
      if (always && !(await proposeRule(request, always))) return false;
      return run({ kind: "reply", body, done: `Answer sent to ${request.agent.name}` });
    },
    reject: (reason: string) => run({ kind: "reject", body: { reason }, done: `Rejected; ${request.agent.name} was told why` }),
  };
}
