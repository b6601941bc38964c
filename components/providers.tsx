"use client";
// Client-side providers for signed-in pages: one React Query cache per browser tab, and the app's
// public address (lib/config/public-url.ts) for the snippets that show it.
import { notifyManager, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { createContext, useContext, useState, type ReactNode } from "react";

// React Query tells components of a cache change in a timer task (setTimeout 0) by default: a live
// event (components/inbox/use-live-sync.ts) then waited for that task before the inbox rendered its
// new row. A microtask still batches every change made in one task, and renders in the same task
// as the message (issue 27 goal 5; docs/decisions.md "The browser's event stream on the realtime path").
notifyManager.setScheduler((cb) => queueMicrotask(cb));

const PublicUrl = createContext("http://localhost:3000");

/** The address agents and people reach this app on, as the server computed it. */
export function usePublicUrl(): string {
  return useContext(PublicUrl);
}

/** `publicUrl`: given on the signed-in pages (app/(app)/layout.tsx), which show it. */
export function Providers({ publicUrl = "http://localhost:3000", children }: { publicUrl?: string; children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          // Live data arrives over the event stream; refetches are a fallback, not the mechanism.
          queries: { staleTime: 30_000, refetchOnWindowFocus: true, retry: 1 },
          mutations: { retry: 0 },
        },
      }),
  );
  return (
    <PublicUrl.Provider value={publicUrl}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </PublicUrl.Provider>
  );
}
