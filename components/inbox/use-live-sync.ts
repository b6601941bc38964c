"use client";
// Applies live events to the React Query cache: the inbox list gains created requests and loses
// resolved ones; an open request takes its new state (which locks its form).
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { InboxItem, InboxPage } from "@/lib/questions/inbox";
import { useLiveEvents, useLiveReset, type LiveEvent } from "./live";

export const inboxKey = ["inbox"] as const;
export const requestKey = (id: string) => ["request", id] as const;

const PRESENCE = "request.presence";

/** A presence change only updates what is shown: it never adds or removes a request. */
function applyPresence(qc: QueryClient, e: LiveEvent): void {
  const presence = e.request.presence;
  if (!presence) return;
  qc.setQueryData<InboxPage>(inboxKey, (old) =>
    old && old.data.some((r) => r.id === e.requestId) ? { ...old, data: old.data.map((r) => (r.id === e.requestId ? { ...r, presence } : r)) } : old,
  );
  qc.setQueryData<InboxItem>(requestKey(e.requestId), (old) => (old && old.status === "pending" ? { ...old, presence } : old));
}

function applyToList(qc: QueryClient, e: LiveEvent): void {
  let refetch = false;
  qc.setQueryData<InboxPage>(inboxKey, (old) => {
    if (!old) return old;
    const has = old.data.some((r) => r.id === e.requestId);
    const truncated = old.data.length < old.total;
    if (e.request.status === "pending") {
      // A vote (request.updated, a new version) or an escalation (same version) refreshes its row in place.
      const changed = (r: InboxItem) => e.request.version > r.version || (e.request.version === r.version && e.request.escalatedAt !== r.escalatedAt);
      if (has) return { ...old, data: old.data.map((r) => (r.id === e.requestId && changed(r) ? { ...r, ...e.request } : r)) };
      if (!e.team) return old;
      // Newest last (FIFO): beyond a truncated page it only adds to the count.
      if (truncated) return { ...old, total: old.total + 1 };
      // Just created: its agent is there (it asked a moment ago).
      const presence = { state: "waiting" as const, since: e.request.createdAt };
      return { data: [...old.data, { ...e.request, team: e.team, presence }], total: old.total + 1 };
    }
    if (has) return { data: old.data.filter((r) => r.id !== e.requestId), total: old.total - 1 };
    // Not on a truncated page: it may or may not have been counted, so ask again.
    if (truncated) refetch = true;
    return old;
  });
  if (refetch) void qc.invalidateQueries({ queryKey: inboxKey });
}

function applyToRequest(qc: QueryClient, e: LiveEvent): void {
  // Escalation changes a pending request without a new version (a reply with the seen version still goes through).
  const newer = (old: InboxItem) => e.request.version > old.version || (e.request.version === old.version && e.request.escalatedAt !== old.escalatedAt);
  qc.setQueryData<InboxItem>(requestKey(e.requestId), (old) => (old && newer(old) ? { ...old, ...e.request } : old));
}

export function useLiveSync(since: number | undefined): void {
  const qc = useQueryClient();
  useLiveEvents(since, (e) => {
    if (e.type === PRESENCE) return applyPresence(qc, e);
    applyToList(qc, e);
    applyToRequest(qc, e);
  });
  // Events were pruned past where we resumed: the cache may have missed changes, so refetch.
  useLiveReset(() => {
    void qc.invalidateQueries({ queryKey: inboxKey });
    void qc.invalidateQueries({ queryKey: ["request"] });
  });
}
