"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { WebhookView } from "@/lib/notify/schemas";
import { Alert, Button, Card, CardBody, CardHeader, EmptyState } from "../ui";
import { notifyApi, webhooksQuery } from "./notify-api";
import { WebhookForm, type WebhookFields } from "./webhook-form";
import { WebhookItem } from "./webhook-item";

export function WebhooksCard({ teamId, webhooks }: { teamId: string; webhooks: WebhookView[] }) {
  const queryClient = useQueryClient();
  const list = webhooksQuery(teamId);
  const [secret, setSecret] = useState<string | null>(null);
  const { data } = useQuery({ ...list, initialData: webhooks });
  const refresh = () => queryClient.invalidateQueries({ queryKey: list.queryKey });
  // The form shows the error: it awaits mutateAsync, which rejects.
  const create = useMutation({
    mutationFn: (fields: WebhookFields) => notifyApi.createWebhook(teamId, fields),
    onSuccess: async (created) => {
      setSecret(created.secret);
      await refresh();
    },
  });

  return (
    <Card aria-labelledby="webhooks-title">
      <CardHeader id="webhooks-title" title="Webhooks" description="Signed POSTs (or Slack messages) when requests arrive and resolve. Retried for 24 hours." />
      <CardBody className="space-y-4">
        {secret ? (
          <Alert tone="success">
            <p className="font-medium">Webhook added. Its signing secret is shown only this once:</p>
            <code className="mt-1 block font-mono text-xs break-all select-all" aria-label="Signing secret">
              {secret}
            </code>
            <Button size="sm" variant="secondary" className="mt-2" onClick={() => setSecret(null)}>
              I have stored it
            </Button>
          </Alert>
        ) : (
          <WebhookForm submitLabel="Add webhook" onSubmit={async (fields) => void (await create.mutateAsync(fields))} />
        )}
        {data.length === 0 ? (
          <EmptyState title="No webhooks yet" description="Add one to tell a chat channel or your own service about new questions." />
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {data.map((w) => (
              <WebhookItem key={w.id} teamId={teamId} webhook={w} onChanged={refresh} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}
