"use client";
// While a row's link is navigating, the request page's skeleton covers the list. The page itself
// has no loading.tsx: a streamed page could no longer answer 404 for an unknown or foreign id.
import { useLinkStatus } from "next/link";
import { createPortal } from "react-dom";
import { RequestSkeleton } from "./request-skeleton";

export function PendingRequest() {
  const { pending } = useLinkStatus();
  if (!pending) return null;
  return createPortal(
    <div className="fixed inset-0 z-10 overflow-auto bg-zinc-50 pt-14 dark:bg-zinc-950">
      <div className="mx-auto max-w-6xl px-3 py-5 sm:px-4 sm:py-6">
        <RequestSkeleton />
      </div>
    </div>,
    document.body,
  );
}
