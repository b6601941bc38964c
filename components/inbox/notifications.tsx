"use client";
// Opt-in desktop notifications: while the inbox tab is hidden, each new request shows one;
// clicking it focuses the tab and opens the request. The choice is kept per browser.
import { useRouter } from "next/navigation";
import { useState, useSyncExternalStore } from "react";
import { useHydrated } from "../ui/use-hydrated";
import { useLiveEvents } from "./live";

const KEY = "oq.desktopNotifications";
const changed = new Set<() => void>();

type State = { permission: NotificationPermission | "unsupported"; on: boolean };
const SERVER: State = { permission: "default", on: false };
let state: State | null = null;
let watching = false;

function read(): State {
  if (typeof Notification === "undefined") return { permission: "unsupported", on: false };
  const permission = Notification.permission;
  return { permission, on: permission === "granted" && localStorage.getItem(KEY) === "on" };
}

// Read once and kept: `Notification.permission` asks the browser process synchronously, and the
// inbox renders on every live event (it was most of the time from a message to its row on a loaded
// machine). The store is read again when the toggle changes it or the browser's permission changes.
function refresh(): void {
  const next = read();
  if (state && next.permission === state.permission && next.on === state.on) return;
  state = next;
  changed.forEach((cb) => cb());
}

function subscribe(cb: () => void): () => void {
  changed.add(cb);
  if (!watching && typeof navigator !== "undefined" && navigator.permissions) {
    watching = true;
    navigator.permissions.query({ name: "notifications" }).then(
      (status) => status.addEventListener("change", refresh),
      () => undefined,
    );
  }
  return () => changed.delete(cb);
}

function useNotificationState(): State {
  return useSyncExternalStore(subscribe, () => (state ??= read()), () => SERVER);
}

export function useDesktopNotifications(): void {
  const router = useRouter();
  const { on } = useNotificationState();
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
  const { on, permission } = useNotificationState();
  const hydrated = useHydrated();
  const supported = !hydrated || permission !== "unsupported";
  const [refused, setDenied] = useState(false);
  const denied = refused || (hydrated && permission === "denied");
  async function toggle(next: boolean) {
    if (next) {
      const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
      setDenied(answer === "denied");
      if (answer !== "granted") return;
    }
    localStorage.setItem(KEY, next ? "on" : "off");
    refresh();
  }

  if (!supported) return null;
  return (
    <label className="flex items-center gap-1.5 text-xs text-zinc-600 dark:text-zinc-400" title={denied ? "Notifications are blocked for this site in your browser settings." : undefined}>
      <input type="checkbox" className="accent-orange-600" checked={on} disabled={denied} onChange={(e) => void toggle(e.target.checked)} />
      Desktop notifications
    </label>
  );
}
