"use client";
// A one-shot notice carried across a client navigation ("Answer sent" on the next page).
import { useEffect, useSyncExternalStore } from "react";
import { Alert } from "@/components/ui";

let message: string | null = null;
const subscribers = new Set<() => void>();

function set(next: string | null) {
  message = next;
  subscribers.forEach((s) => s());
}

export const flash = (text: string) => set(text);

export function FlashNotice() {
  const text = useSyncExternalStore(
    (cb) => {
      subscribers.add(cb);
      return () => subscribers.delete(cb);
    },
    () => message,
    () => null,
  );
  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(() => set(null), 6_000);
    return () => clearTimeout(timer);
  }, [text]);
  if (!text) return null;
  return (
    <Alert tone="success" className="flex items-center justify-between gap-3">
      <span>{text}</span>
      <button type="button" className="text-xs underline-offset-2 hover:underline" onClick={() => set(null)}>
        Dismiss
      </button>
    </Alert>
  );
}
