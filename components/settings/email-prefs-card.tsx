"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "@/lib/browser/api";
import { Alert, Card, CardBody, CardHeader } from "../ui";
import { notifyApi } from "./notify-api";

/** The signed-in user's own choice: mail me about new requests, or not. */
export function EmailPrefsCard({ enabled, configured }: { enabled: boolean; configured: boolean }) {
  const [on, setOn] = useState(enabled);
  // Optimistic: the box flips at once and flips back if the server refuses.
  const save = useMutation({
    mutationFn: (next: boolean) => notifyApi.setEmailPrefs(next),
    onMutate: (next) => setOn(next),
    onError: (_e, next) => setOn(!next),
  });

  return (
    <Card aria-labelledby="email-prefs-title">
      <CardHeader id="email-prefs-title" title="Email" description={configured ? "A mail for each new request in your teams." : "Mail is not configured on this server (SMTP_URL)."} />
      <CardBody className="space-y-2">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="accent-orange-600" checked={on} onChange={(e) => save.mutate(e.target.checked)} />
          Email me about new requests
        </label>
        {save.error ? <Alert tone="error">Could not save: {errorText(save.error)}</Alert> : null}
      </CardBody>
    </Card>
  );
}
