"use client";
// A one-shot notice carried across a client navigation ("Answer sent …" on the next page), with
// optional lines, e.g. what was answered to each question.
import { useEffect, useSyncExternalStore } from "react";
import { Alert } from "@/components/ui";
import type { SentLine } from "./draft";

export type Flash = { text: string; details?: SentLine[] };

// Long enough to read a few answers; Dismiss closes it sooner.
const SHOW_MS = 15_000;

let message: Flash | null = null;
const subscribers = new Set<() => void>();

function set(next: Flash | null) {
  message = next;
  subscribers.forEach((s) => s());
}

export const flash = (next: string | Flash) => set(typeof next === "string" ? { text: next } : next);

export function FlashNotice() {
  const current = useSyncExternalStore(
    (cb) => {
      subscribers.add(cb);
      return () => subscribers.delete(cb);
    },
    () => message,
    () => null,
  );
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => set(null), SHOW_MS);
    return () => clearTimeout(timer);
  }, [current]);
  if (!current) return null;
  return (
    <Alert tone="success" className="flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="break-words">{current.text}</p>
        {current.details?.length ? (
          <ul aria-label="What was sent" className="mt-1 grid gap-0.5 text-xs">
            {current.details.map((d, i) => (
              <li key={i} className="break-words">
                <span className="font-medium">{d.header}:</span> {d.answer}
                {d.note ? <span> (note: {d.note})</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <button type="button" className="shrink-0 rounded text-xs underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-orange-500" onClick={() => set(null)}>
        Dismiss
      </button>
    </Alert>
  );
}
