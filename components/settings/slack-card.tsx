"use client";
// Settings → Slack (admins): the manifest to create the app from, then the bot token, signing
// secret and channel. Token and secret are stored encrypted and never shown again.
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { errorText, uiFetch } from "@/lib/browser/api";
import type { SlackAppView } from "@/lib/slack/schemas";
import { Alert, Badge, Button, Card, CardBody, CardHeader, Hint, Input, Label } from "../ui";
import { settingsUrl } from "./mutations";

export function SlackCard({ teamId, app, manifest }: { teamId: string; app: SlackAppView | null; manifest: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const url = settingsUrl(teamId, "slack");
  const run = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
      router.refresh();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <Card aria-labelledby="slack-title">
      <CardHeader id="slack-title" title="Slack" description="One message per request in a channel, answered with buttons and forms right there. Secrets are only ever answered in the app." />
      <CardBody className="space-y-4">
        {app ? (
          <div className="space-y-3 text-sm">
            <p role="status">
              <Badge tone="green">Connected</Badge> Posting to <code className="font-mono">{app.channel}</code>
              {app.slackTeamId ? <> in workspace <code className="font-mono">{app.slackTeamId}</code></> : null}.
            </p>
            <label className="flex items-center gap-2">
              <input type="checkbox" className="accent-orange-600" checked={app.approvalsInApp} onChange={(e) => void run(() => uiFetch("PATCH", url, { body: { approvalsInApp: e.target.checked } }))} />
              Decide approvals in the app only (questions stay answerable in Slack)
            </label>
            <Button size="sm" variant="secondary" onClick={() => void run(() => uiFetch("DELETE", url, { body: {} }))}>
              Disconnect Slack
            </Button>
          </div>
        ) : null}
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">1. Create the Slack app from this manifest</summary>
          <Hint>In Slack: Create New App → From a manifest → paste this, then install it to the workspace and invite it to the channel.</Hint>
          <pre className="mt-2 max-h-64 overflow-auto rounded bg-zinc-50 p-2 font-mono text-xs dark:bg-zinc-900">
            {manifest}
          </pre>
        </details>
        <ConnectForm connected={Boolean(app)} onSubmit={(body) => run(() => uiFetch("PUT", url, { body }))} />
        {error ? <Alert tone="error">{error}</Alert> : null}
      </CardBody>
    </Card>
  );
}

function ConnectForm({ connected, onSubmit }: { connected: boolean; onSubmit: (body: Record<string, unknown>) => Promise<void> }) {
  const [botToken, setBotToken] = useState("");
  const [signingSecret, setSigningSecret] = useState("");
  const [channel, setChannel] = useState("");
  const [approvalsInApp, setApprovalsInApp] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    await onSubmit({ botToken: botToken.trim(), signingSecret: signingSecret.trim(), channel: channel.trim(), approvalsInApp });
    setBotToken("");
    setSigningSecret("");
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="Connect Slack">
      <p className="text-sm font-medium">2. {connected ? "Replace the connection" : "Connect it"}</p>
      <div className="space-y-1">
        <Label htmlFor="slack-token">Bot token</Label>
        <Input id="slack-token" type="password" autoComplete="off" value={botToken} onChange={(e) => setBotToken(e.target.value)} placeholder="xoxb-…" required />
      </div>
      <div className="space-y-1">
        <Label htmlFor="slack-secret">Signing secret</Label>
        <Input id="slack-secret" type="password" autoComplete="off" value={signingSecret} onChange={(e) => setSigningSecret(e.target.value)} required />
        <Hint>From the app&apos;s Basic Information page. Both are stored encrypted and never shown again.</Hint>
      </div>
      <div className="space-y-1">
        <Label htmlFor="slack-channel">Channel id</Label>
        <Input id="slack-channel" value={channel} onChange={(e) => setChannel(e.target.value)} placeholder="C0123ABCD" required />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="accent-orange-600" checked={approvalsInApp} onChange={(e) => setApprovalsInApp(e.target.checked)} />
        Decide approvals in the app only
      </label>
      <Button type="submit">{connected ? "Replace" : "Connect Slack"}</Button>
    </form>
  );
}
