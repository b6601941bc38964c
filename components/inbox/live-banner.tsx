"use client";
// A clear notice when live updates are down, saying what still works (issue 13). A short
// "connecting" at page load is normal and shows nothing; a longer one or a failure does.
import { useEffect, useState } from "react";
import { Alert, Button } from "@/components/ui";
import { useLiveStatus } from "./live";

const GRACE_MS = 4_000;

export function LiveBanner() {
  const status = useLiveStatus();
  // The status that has lasted past the grace period; a change of status starts it again.
  const [lasting, setLasting] = useState<string | null>(null);
  useEffect(() => {
    if (status === "live") return;
    const timer = setTimeout(() => setLasting(status), status === "offline" ? 0 : GRACE_MS);
    return () => clearTimeout(timer);
  }, [status]);
  if (status === "live" || lasting !== status) return null;
  return (
    <Alert tone="warning" className="flex flex-wrap items-center justify-between gap-3">
      <div className="min-w-0">
        <p className="font-medium">Live updates are down. Reconnecting…</p>
        <p className="mt-0.5 text-xs">
          You can still open, answer and reject requests: the server checks each answer against the latest state, so nobody’s
          answer is overwritten. New requests and answers by others show up once the connection is back, or when you reload.
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Alert>
  );
}
