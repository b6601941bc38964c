"use client";
// Escalation (admins): after how many minutes a pending request notifies the escalation list
// (members by email, team webhooks; a Slack webhook posts to its channel), once; and what the
// agent is told when a request expires (always a rejection: expiry never approves).
import { useState } from "react";
import { errorText, uiFetch } from "@/lib/browser/api";
import type { EscalationSettings } from "@/lib/escalation/settings";
import type { WebhookView } from "@/lib/notify/schemas";
import { Alert, Button, Card, CardBody, CardHeader, Hint, Input, Label } from "../ui";
import { Textarea } from "../ui/textarea";
import { settingsUrl, useSettingsMutation } from "./mutations";

type Props = { teamId: string; settings: EscalationSettings; members: { email: string }[]; webhooks: WebhookView[] };

const toggle = (list: string[], value: string, on: boolean) => (on ? [...list, value] : list.filter((v) => v !== value));

export function EscalationCard({ teamId, settings, members, webhooks }: Props) {
  const [minutes, setMinutes] = useState(settings.escalateAfterSeconds === null ? "" : String(settings.escalateAfterSeconds / 60));
  const [emails, setEmails] = useState(settings.emails);
  const [webhookIds, setWebhookIds] = useState(settings.webhookIds);
  const [message, setMessage] = useState(settings.expiryMessage ?? "");
  const save = useSettingsMutation((body: object) => uiFetch<EscalationSettings>("PUT", settingsUrl(teamId, "escalation"), { body }));
  const submit = () =>
    save.mutate({
      escalateAfterSeconds: minutes.trim() === "" ? null : Math.max(1, Math.round(Number(minutes) * 60)),
      emails,
      webhookIds,
      expiryMessage: message.trim() || null,
    });

  return (
    <Card aria-labelledby="escalation-title">
      <CardHeader id="escalation-title" title="Escalation and expiry" description="Who hears about a question nobody answers, once, and what the agent is told when it expires." />
      <CardBody className="space-y-4">
        <div className="space-y-1">
          <Label htmlFor="escalate-after">Escalate after (minutes)</Label>
          <Input id="escalate-after" inputMode="decimal" value={minutes} onChange={(e) => setMinutes(e.target.value)} placeholder="off" aria-describedby="escalate-after-hint" />
          <Hint id="escalate-after-hint">Leave empty to turn escalation off. Email needs SMTP_URL on the server.</Hint>
        </div>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">Notify these members by email</legend>
          {members.map((m) => (
            <label key={m.email} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={emails.includes(m.email)} onChange={(e) => setEmails(toggle(emails, m.email, e.target.checked))} className="accent-orange-600" />
              {m.email}
            </label>
          ))}
        </fieldset>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">Post to these webhooks</legend>
          {webhooks.length === 0 ? <Hint>No webhooks yet: add one under Webhooks (Slack format posts to a channel).</Hint> : null}
          {webhooks.map((w) => (
            <label key={w.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={webhookIds.includes(w.id)} onChange={(e) => setWebhookIds(toggle(webhookIds, w.id, e.target.checked))} className="accent-orange-600" />
              <span className="font-mono text-xs">{w.url}</span> ({w.format})
            </label>
          ))}
        </fieldset>
        <div className="space-y-1">
          <Label htmlFor="expiry-message">Message to the agent on expiry</Label>
          <Textarea id="expiry-message" value={message} onChange={(e) => setMessage(e.target.value)} maxLength={500} aria-describedby="expiry-message-hint" />
          <Hint id="expiry-message-hint">Sent with the rejection code expired. Empty: the default sentence. Expiry is always a rejection, never an approval.</Hint>
        </div>
        {save.error ? <Alert tone="error">{errorText(save.error)}</Alert> : null}
        {save.isSuccess ? <Alert tone="success">Escalation saved.</Alert> : null}
        <Button onClick={submit} disabled={save.isPending}>
          Save escalation
        </Button>
      </CardBody>
    </Card>
  );
}
