"use client";
import { useState, type FormEvent } from "react";
import { Alert, Button, Hint, Input, Label, Select } from "../ui";

export type WebhookFields = { url?: string; format: "json" | "slack"; events: string[] };

const EVENT_CHOICES = [
  { value: "request.created", label: "New requests" },
  { value: "request.resolved", label: "Resolved requests (answered, rejected, cancelled, expired)" },
];

/** Add or edit a webhook. When editing, an empty URL keeps the stored one (it is never shown). */
export function WebhookForm({
  initial,
  editing,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: WebhookFields;
  editing?: boolean;
  submitLabel: string;
  onSubmit: (fields: WebhookFields) => Promise<void>;
  onCancel?: () => void;
}) {
  const [url, setUrl] = useState("");
  const [format, setFormat] = useState<"json" | "slack">(initial?.format ?? "json");
  const [events, setEvents] = useState<string[]>(initial?.events ?? EVENT_CHOICES.map((e) => e.value));
  const [state, setState] = useState<{ busy?: boolean; error?: string }>({});
  const idp = editing ? "edit-webhook" : "new-webhook";

  async function submit(e: FormEvent) {
    e.preventDefault();
    setState({ busy: true });
    try {
      await onSubmit({ ...(url.trim() ? { url: url.trim() } : {}), format, events });
      setUrl("");
      setState({});
    } catch (err) {
      setState({ error: (err as Error).message });
    }
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label={editing ? "Edit webhook" : "Add a webhook"}>
      <div className="space-y-1">
        <Label htmlFor={`${idp}-url`}>Webhook URL</Label>
        <Input
          id={`${idp}-url`}
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder={editing ? "leave empty to keep the current URL" : "https://example.com/hooks/questions"}
          required={!editing}
          aria-describedby={`${idp}-url-hint`}
        />
        <Hint id={`${idp}-url-hint`}>Each delivery is a signed POST. For Slack, paste an incoming-webhook URL and choose the Slack format.</Hint>
      </div>
      <div className="flex flex-wrap gap-4">
        <div className="space-y-1">
          <Label htmlFor={`${idp}-format`}>Format</Label>
          <Select id={`${idp}-format`} value={format} onChange={(e) => setFormat(e.target.value as "json" | "slack")}>
            <option value="json">JSON (signed event)</option>
            <option value="slack">Slack message</option>
          </Select>
        </div>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium">Events</legend>
          {EVENT_CHOICES.map((c) => (
            <label key={c.value} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="accent-orange-600"
                checked={events.includes(c.value)}
                onChange={(e) => setEvents((list) => (e.target.checked ? [...list, c.value] : list.filter((x) => x !== c.value)))}
              />
              {c.label}
            </label>
          ))}
        </fieldset>
      </div>
      {state.error ? <Alert tone="error">{state.error}</Alert> : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={state.busy || events.length === 0}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
