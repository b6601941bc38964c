"use client";
import { useState } from "react";
import { Alert, Card, CardBody, CardHeader } from "../ui";

/** The signed-in user's own choice: mail me about new requests, or not. */
export function EmailPrefsCard({ enabled, configured }: { enabled: boolean; configured: boolean }) {
  const [on, setOn] = useState(enabled);
  const [error, setError] = useState<string | null>(null);

  async function toggle(next: boolean) {
    setError(null);
    setOn(next);
    const res = await fetch("/api/ui/settings/notifications", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: next }),
    });
    if (!res.ok) {
      setOn(!next);
      setError(`Could not save (${res.status}).`);
    }
  }

  return (
    <Card aria-labelledby="email-prefs-title">
      <CardHeader id="email-prefs-title" title="Email" description={configured ? "A mail for each new request in your teams." : "Mail is not configured on this server (SMTP_URL)."} />
      <CardBody className="space-y-2">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="accent-orange-600" checked={on} onChange={(e) => void toggle(e.target.checked)} />
          Email me about new requests
        </label>
        {error ? <Alert tone="error">{error}</Alert> : null}
      </CardBody>
    </Card>
  );
}
