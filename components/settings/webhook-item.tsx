"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { errorText } from "@/lib/browser/api";
import type { WebhookView } from "@/lib/notify/schemas";
import { Alert, Badge, Button } from "../ui";
import { notifyApi } from "./notify-api";
import { WebhookDeliveries } from "./webhook-deliveries";
import { WebhookForm, type WebhookFields } from "./webhook-form";

/** One webhook: its state, actions (test, pause/resume, edit, delete) and its delivery log. */
export function WebhookItem({ teamId, webhook, onChanged }: { teamId: string; webhook: WebhookView; onChanged: () => Promise<void> }) {
  const [mode, setMode] = useState<"idle" | "edit" | "confirm-delete">("idle");
  const [showLog, setShowLog] = useState(false);
  const id = webhook.id;
  // One mutation for the row's buttons: its error or success notice shows under them.
  const action = useMutation({
    mutationFn: ({ run }: { run: () => Promise<unknown>; notice?: string }) => run(),
    onSuccess: () => onChanged(),
  });
  const act = (run: () => Promise<unknown>, notice?: string) => action.mutate({ run, notice });
  const notice = action.isSuccess ? action.variables.notice : undefined;
  // The form shows its own error: it awaits mutateAsync, which rejects.
  const save = useMutation({
    mutationFn: (fields: WebhookFields) => notifyApi.updateWebhook(teamId, id, fields),
    onSuccess: async () => {
      await onChanged();
      setMode("idle");
    },
  });

  const sendTest = () =>
    act(async () => {
      await notifyApi.testWebhook(teamId, id);
      setShowLog(true);
    }, "Test delivery queued: watch the delivery log.");

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
          <Button size="sm" onClick={() => act(() => notifyApi.updateWebhook(teamId, id, { paused: false }), "Resumed.")}>
            Resume
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => act(() => notifyApi.updateWebhook(teamId, id, { paused: true }))}>
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
            <Button size="sm" variant="danger" onClick={() => act(() => notifyApi.deleteWebhook(teamId, id))}>
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
      {action.error ? <Alert tone="error">{errorText(action.error)}</Alert> : null}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {mode === "edit" ? (
        <div className="rounded-md border border-zinc-200 p-3 dark:border-zinc-800">
          <WebhookForm editing initial={{ format: webhook.format, events: webhook.events }} submitLabel="Save webhook" onSubmit={async (fields) => void (await save.mutateAsync(fields))} onCancel={() => setMode("idle")} />
        </div>
      ) : null}
      {showLog ? <WebhookDeliveries teamId={teamId} webhookId={webhook.id} /> : null}
    </li>
  );
}
