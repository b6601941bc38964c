"use client";
import { useState } from "react";
import type { WebhookView } from "@/lib/notify/schemas";
import { Alert, Badge, Button } from "../ui";
import { send, settingsUrl } from "./mutations";
import { WebhookDeliveries } from "./webhook-deliveries";
import { WebhookForm, type WebhookFields } from "./webhook-form";

/** One webhook: its state, actions (test, pause/resume, edit, delete) and its delivery log. */
export function WebhookItem({ teamId, webhook, onChanged }: { teamId: string; webhook: WebhookView; onChanged: () => Promise<void> }) {
  const [mode, setMode] = useState<"idle" | "edit" | "confirm-delete">("idle");
  const [showLog, setShowLog] = useState(false);
  const [state, setState] = useState<{ error?: string; notice?: string }>({});
  const url = settingsUrl(teamId, "webhooks", webhook.id);

  async function act(fn: () => Promise<unknown>, notice?: string) {
    setState({});
    try {
      await fn();
      await onChanged();
      setState(notice ? { notice } : {});
    } catch (e) {
      setState({ error: (e as Error).message });
    }
  }

  const sendTest = () =>
    act(async () => {
      await send("POST", `${url}/test`);
      setShowLog(true);
    }, "Test delivery queued: watch the delivery log.");
  const save = async (fields: WebhookFields) => {
    await send("PATCH", url, fields);
    await onChanged();
    setMode("idle");
  };

  return (
    <li className="space-y-2 py-3" aria-label={`Webhook ${webhook.url}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm break-all">{webhook.url}</span>
        <Badge tone="blue">{webhook.format}</Badge>
        {webhook.events.map((e) => (
          <Badge key={e}>{e}</Badge>
        ))}
        {webhook.pausedAt ? <Badge tone="orange">paused</Badge> : <Badge tone="green">active</Badge>}
      </div>
      {webhook.pausedAt ? (
        <Alert tone="warning">
          {webhook.pausedReason ?? "This webhook is paused."} Deliveries are kept and sent when you resume.
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-1.5">
        <Button size="sm" variant="secondary" onClick={sendTest}>
          Send test
        </Button>
        {webhook.pausedAt ? (
          <Button size="sm" onClick={() => act(() => send("PATCH", url, { paused: false }), "Resumed.")}>
            Resume
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => act(() => send("PATCH", url, { paused: true }))}>
            Pause
          </Button>
        )}
        <Button size="sm" variant="secondary" onClick={() => setMode(mode === "edit" ? "idle" : "edit")}>
          Edit
        </Button>
        <Button size="sm" variant="ghost" aria-expanded={showLog} onClick={() => setShowLog(!showLog)}>
          {showLog ? "Hide deliveries" : "Deliveries"}
        </Button>
        {mode === "confirm-delete" ? (
          <>
            <Button size="sm" variant="danger" onClick={() => act(() => send("DELETE", url))}>
              Confirm delete
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setMode("idle")}>
              Cancel
            </Button>
          </>
        ) : (
          <Button size="sm" variant="ghost" onClick={() => setMode("confirm-delete")}>
            Delete
          </Button>
        )}
      </div>
      {state.error ? <Alert tone="error">{state.error}</Alert> : null}
      {state.notice ? <Alert tone="success">{state.notice}</Alert> : null}
      {mode === "edit" ? (
        <div className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
          <WebhookForm editing initial={{ format: webhook.format, events: webhook.events }} submitLabel="Save webhook" onSubmit={save} onCancel={() => setMode("idle")} />
        </div>
      ) : null}
      {showLog ? <WebhookDeliveries teamId={teamId} webhookId={webhook.id} /> : null}
    </li>
  );
}
