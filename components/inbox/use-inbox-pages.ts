"use client";
// The inbox list a page at a time: the page's HTML holds the oldest INBOX_FIRST rows (a document
// of every row was most of the inbox's first paint), and the next rows are fetched after the last
// one held, as the reviewer scrolls or moves past it with j.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { getJson } from "@/lib/browser/api";
import type { InboxPage } from "@/lib/questions/inbox";
import { INBOX_FIRST, INBOX_MAX, INBOX_PAGE } from "@/lib/questions/inbox-pages";
import { inboxKey } from "./use-live-sync";

/** The list's refetch: as many rows as the page already holds, so a refetch never takes loaded rows away. */
export function fetchInbox(held: number, signal?: AbortSignal): Promise<InboxPage> {
  return getJson<InboxPage>(`/api/ui/requests?limit=${Math.min(INBOX_MAX, Math.max(INBOX_FIRST, held))}`, signal);
}

export type MoreRows = {
  /** Fetches the rows after the last one held; resolves once they are in the cache (at once when nothing is left). */
  load: () => Promise<void>;
  loading: boolean;
  failed: boolean;
  /** Whether the last fetch after this list's end brought nothing (the count and the rows disagree for a moment): then stop asking on our own until either changes. */
  exhausted: (page: InboxPage) => boolean;
};

const endOf = (page: InboxPage) => `${page.data.at(-1)?.id ?? ""} ${page.total}`;

export function useMoreRows(): MoreRows {
  const qc = useQueryClient();
  const inflight = useRef<Promise<void> | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [emptyAt, setEmptyAt] = useState<string | null>(null);

  const load = useCallback((): Promise<void> => {
    if (inflight.current) return inflight.current;
    const held = qc.getQueryData<InboxPage>(inboxKey);
    if (!held || held.data.length >= held.total) return Promise.resolve();
    const after = held.data.at(-1)?.id;
    setLoading(true);
    setFailed(false);
    const done = getJson<InboxPage>(`/api/ui/requests?limit=${INBOX_PAGE}${after ? `&after=${encodeURIComponent(after)}` : ""}`)
      .then((next) => {
        const page = qc.setQueryData<InboxPage>(inboxKey, (old) => {
          // The list changed underneath (a refetch, its last row resolved): these rows may not
          // follow on from it, so leave it; the next load asks again from its new end.
          if (!old || old.data.at(-1)?.id !== after) return old;
          const have = new Set(old.data.map((r) => r.id));
          return { data: [...old.data, ...next.data.filter((r) => !have.has(r.id))], total: next.total };
        });
        setEmptyAt(page && page.data.at(-1)?.id === after ? endOf(page) : null);
      })
      .catch(() => setFailed(true))
      .finally(() => {
        inflight.current = null;
        setLoading(false);
      });
    inflight.current = done;
    return done;
  }, [qc]);

  const exhausted = useCallback((page: InboxPage) => emptyAt === endOf(page), [emptyAt]);
  return { load, loading, failed, exhausted };
}
