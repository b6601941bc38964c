"use client";
// Between the inbox's submit path (components/inbox/use-submit.ts) and the rule dialogs: "Approve
// always" waits here for the reviewer to save (or skip) the proposed rule before the approval is
// sent, and "always answer this the same way" is remembered per request until the answer is sent.
import { useSyncExternalStore } from "react";
import { uiFetch } from "@/lib/browser/api";
import type { InboxItem } from "@/lib/questions/inbox";
import type { ReplyInput } from "@/lib/questions/schemas";
import type { RuleView } from "@/lib/rules/types";

export type Proposal = { request: InboxItem; questionId: string; done: (sent: boolean) => void };

let current: Proposal | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
const alwaysAnswer = new Map<string, "team" | "session">();

export function rulesUrl(teamId: string, ...rest: string[]): string {
  return ["/api/ui/settings/teams", encodeURIComponent(teamId), "rules", ...rest.map(encodeURIComponent)].join("/");
}

export const createRule = (teamId: string, body: Record<string, unknown>) => uiFetch<RuleView>("POST", rulesUrl(teamId), { body });

/** The approval question answered "approve always" in this reply, if any. */
export function approveAlwaysIn(reply: ReplyInput): string | null {
  const hit = Object.entries(reply.answers).find(([, a]) => a.decision === "approve_always");
  return hit ? hit[0] : null;
}

/** Opens the proposal dialog; resolves true when the reply should go out, false to go back. */
export function proposeRule(request: InboxItem, questionId: string): Promise<boolean> {
  return new Promise((resolve) => {
    current = { request, questionId, done: (sent) => {
      current = null;
      notify();
      resolve(sent);
    } };
    notify();
  });
}

export function useProposal(): Proposal | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}

export function setAlwaysAnswer(requestId: string, scope: "team" | "session" | null): void {
  if (scope) alwaysAnswer.set(requestId, scope);
  else alwaysAnswer.delete(requestId);
}

/** After an answer went out: saves the "always answer this the same way" rule the reviewer asked for. */
export async function saveAlwaysAnswer(request: InboxItem): Promise<RuleView | null> {
  const scope = alwaysAnswer.get(request.id);
  if (!scope) return null;
  alwaysAnswer.delete(request.id);
  return createRule(request.team.id, {
    decision: "answer",
    fromRequest: request.id,
    ...(scope === "session" && request.agent.sessionId ? { sessionId: request.agent.sessionId } : {}),
  });
}
