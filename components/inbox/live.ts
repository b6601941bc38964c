"use client";
// One EventSource on /api/ui/events per tab, shared by every component that listens. It resumes
// after the snapshot the page was rendered from (`since`), so nothing between the two is lost,
// and reopens itself (from the last id seen) when the browser gives up on it.
import { useEffect, useRef, useSyncExternalStore } from "react";
import type { TeamRef } from "@/lib/questions/inbox";
import type { Presence } from "@/lib/questions/presence";
import type { QuestionRequest } from "@/lib/questions/schemas";

/** `request.presence` events carry the request's presence beside its view. */
export type LiveEvent = { id: number; type: string; requestId: string; team?: TeamRef; request: QuestionRequest & { presence?: Presence } };
export type LiveStatus = "connecting" | "live" | "offline";

const TYPES = ["request.created", "request.answered", "request.rejected", "request.cancelled", "request.expired", "request.updated", "request.presence", "request.escalated"];
const REOPEN_MS = 5_000;
const RECENT = 200;
const CLOSE_GRACE_MS = 3_000;

const listeners = new Set<(e: LiveEvent) => void>();
// Told when the server says events were pruned past our resume point: refetch everything.
const resetListeners = new Set<() => void>();
const statusListeners = new Set<() => void>();
let source: EventSource | null = null;
let status: LiveStatus = "connecting";
let lastId: number | null = null;
// Recent events, for a listener whose snapshot is older than what the connection already saw.
const recent: LiveEvent[] = [];
let closeTimer: ReturnType<typeof setTimeout> | undefined;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  statusListeners.forEach((l) => l());
}

function open() {
  const es = new EventSource(lastId === null ? "/api/ui/events" : `/api/ui/events?lastEventId=${lastId}`);
  source = es;
  const onMessage = (m: MessageEvent<string>) => {
    const event = JSON.parse(m.data) as LiveEvent;
    if (lastId !== null && event.id <= lastId) return;
    lastId = event.id;
    recent.push(event);
    if (recent.length > RECENT) recent.shift();
    listeners.forEach((l) => l(event));
  };
  for (const type of TYPES) es.addEventListener(type, onMessage);
  es.addEventListener("reset", (m: MessageEvent<string>) => {
    const { resumeFrom } = JSON.parse(m.data) as { resumeFrom: number };
    lastId = resumeFrom;
    recent.length = 0;
    resetListeners.forEach((l) => l());
  });
  es.onopen = () => setStatus("live");
  es.onerror = () => {
    if (es.readyState !== EventSource.CLOSED) return setStatus("connecting");
    // A non-200 answer (signed out, server restarting) ends EventSource's own retries.
    setStatus("offline");
    es.close();
    if (source === es) source = null;
    clearTimeout(reopenTimer);
    reopenTimer = setTimeout(() => listeners.size > 0 && !source && open(), REOPEN_MS);
  };
}

function subscribe(listener: (e: LiveEvent) => void, since: number | undefined): () => void {
  clearTimeout(closeTimer);
  listeners.add(listener);
  if (!source) {
    if (lastId === null && since !== undefined) lastId = since;
    open();
  } else if (since !== undefined) {
    for (const e of recent) if (e.id > since) listener(e);
  }
  return () => {
    listeners.delete(listener);
    // A short grace period: navigating between inbox pages keeps the one connection.
    closeTimer = setTimeout(() => {
      if (listeners.size > 0 || !source) return;
      source.close();
      source = null;
      lastId = null;
      recent.length = 0;
      setStatus("connecting");
    }, CLOSE_GRACE_MS);
  };
}

/** Calls `onEvent` for each event of the user's teams; `since` is the page snapshot's event id. */
export function useLiveEvents(since: number | undefined, onEvent: (e: LiveEvent) => void): void {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => subscribe((e) => handler.current(e), since), [since]);
}

/** Runs `onReset` when live updates had a gap the server could not fill: reload what is shown. */
export function useLiveReset(onReset: () => void): void {
  const handler = useRef(onReset);
  useEffect(() => {
    handler.current = onReset;
  });
  useEffect(() => {
    const l = () => handler.current();
    resetListeners.add(l);
    return () => void resetListeners.delete(l);
  }, []);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (cb) => {
      statusListeners.add(cb);
      return () => statusListeners.delete(cb);
    },
    () => status,
    () => "connecting",
  );
}
