"use client";
// Opt-in desktop notifications: while the inbox tab is hidden, each new request shows one;
// clicking it focuses the tab and opens the request. The choice is kept per browser.
import { useRouter } from "next/navigation";
import { useState, useSyncExternalStore } from "react";
import { useHydrated } from "../ui/use-hydrated";
import { useLiveEvents } from "./live";

const KEY = "oq.desktopNotifications";
const changed = new Set<() => void>();

function enabled(): boolean {
  return typeof Notification !== "undefined" && Notification.permission === "granted" && localStorage.getItem(KEY) === "on";
}

function useEnabled(): boolean {
  return useSyncExternalStore(
    (cb) => {
      changed.add(cb);
      return () => changed.delete(cb);
    },
    enabled,
    () => false,
  );
}

export function useDesktopNotifications(): void {
  const router = useRouter();
  const on = useEnabled();
  useLiveEvents(undefined, (e) => {
    if (!on || e.type !== "request.created" || e.request.status !== "pending" || document.visibilityState !== "hidden") return;
    const r = e.request;
    const n = new Notification(r.title || r.questions[0]?.header || "New question", {
      body: `${r.agent.name} asks: ${r.questions.map((q) => q.prompt).join(" · ")}`.slice(0, 240),
      tag: r.id,
      icon: "/icon.svg",
    });
    n.addEventListener("click", () => {
      window.focus();
      router.push(`/inbox/${encodeURIComponent(r.id)}`);
      n.close();
    });
  });
}

/** The toggle in the inbox header. */
export function NotificationsToggle() {
  const on = useEnabled();
  const hydrated = useHydrated();
  const supported = !hydrated || typeof Notification !== "undefined";
  const [refused, setDenied] = useState(false);
  const denied = refused || (hydrated && supported && Notification.permission === "denied");

  async function toggle(next: boolean) {
    if (next) {
      const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
      setDenied(permission === "denied");
      if (permission !== "granted") return;
    }
    localStorage.setItem(KEY, next ? "on" : "off");
    changed.forEach((cb) => cb());
  }

  if (!supported) return null;
  return (
    <label className="flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400" title={denied ? "Notifications are blocked for this site in your browser settings." : undefined}>
      <input type="checkbox" className="accent-orange-600" checked={on} disabled={denied} onChange={(e) => void toggle(e.target.checked)} />
      Desktop notifications
    </label>
  );
}
