"use client";
// Sending a reply or a rejection: If-Match carries the version the reviewer saw; a conflict
// re-reads the request (which locks the form); success moves on to the next pending request.
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import type { InboxItem, InboxPage, Outcome } from "@/lib/questions/inbox";
import type { ReplyInput } from "@/lib/questions/schemas";
import { getJson, isConflict, postJson, UiError } from "./api";
import { flash } from "./flash";
import { inboxKey, requestKey } from "./use-live-sync";

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

export function useSubmit(request: InboxItem) {
  const qc = useQueryClient();
  const router = useRouter();
  const [busy, setBusy] = useState<"reply" | "reject" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const path = `/api/ui/requests/${encodeURIComponent(request.id)}`;
  const headers = { "if-match": `"v${request.version}"` };

  const finish = (text: string) => {
    setSent(true);
    const page = qc.getQueryData<InboxPage>(inboxKey);
    const href = nextPendingHref(page, request.id);
    qc.setQueryData<InboxPage>(inboxKey, (old) =>
      old && old.data.some((r) => r.id === request.id) ? { data: old.data.filter((r) => r.id !== request.id), total: old.total - 1 } : old,
    );
    flash(href === "/inbox" ? `${text}.` : `${text}. Here is the next request.`);
    router.push(href);
  };

  const run = async (kind: "reply" | "reject", body: unknown, done: string): Promise<boolean> => {
    if (busy) return false;
    setBusy(kind);
    setError(null);
    try {
      await postJson<Outcome>(`${path}/${kind}`, body, headers);
      finish(done);
      return true;
    } catch (e) {
      if (e instanceof UiError && e.status === 401) {
        router.push(`/signin?next=${encodeURIComponent(window.location.pathname)}`);
      } else if (isConflict(e)) {
        // Someone else got there first: show their resolution instead of an error.
        qc.setQueryData(requestKey(request.id), await getJson<InboxItem>(path).catch(() => request));
      } else {
        setError(message(e));
      }
      return false;
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    error,
    sent,
    setError,
    reply: (body: ReplyInput) => run("reply", body, `Answer sent to ${request.agent.name}`),
    reject: (reason: string) => run("reject", { reason }, `Rejected; ${request.agent.name} was told why`),
  };
}
