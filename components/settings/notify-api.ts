// The notification settings (webhooks, their delivery logs, the callback secret, email) as React
// Query options and mutation functions over the one browser fetch wrapper.
import { queryOptions } from "@tanstack/react-query";
import { getJson, uiFetch } from "@openoxide/questions-core/browser/api";
import type { DeliveryView, WebhookView } from "@openoxide/questions-core/notify/schemas";
import { settingsUrl } from "./mutations";
import type { WebhookFields } from "./webhook-form";

export type CallbackSecret = { secret: string; rotatedAt: string | null };

export const webhooksQuery = (teamId: string) =>
  queryOptions({
    queryKey: ["webhooks", teamId],
    queryFn: async ({ signal }) => (await getJson<{ data: WebhookView[] }>(settingsUrl(teamId, "webhooks"), signal)).data,
    refetchInterval: 5000,
  });

export const deliveriesQuery = (teamId: string, webhookId: string) =>
  queryOptions({
    queryKey: ["webhook-deliveries", teamId, webhookId],
    queryFn: async ({ signal }) => (await getJson<{ data: DeliveryView[] }>(settingsUrl(teamId, "webhooks", webhookId, "deliveries"), signal)).data,
    refetchInterval: 2000,
    staleTime: 0,
  });

const webhookUrl = (teamId: string, id: string, ...rest: string[]) => settingsUrl(teamId, "webhooks", id, ...rest);

export const notifyApi = {
  createWebhook: (teamId: string, fields: WebhookFields) => uiFetch<{ webhook: WebhookView; secret: string }>("POST", settingsUrl(teamId, "webhooks"), { body: fields }),
  updateWebhook: (teamId: string, id: string, body: Partial<WebhookFields> & { paused?: boolean }) => uiFetch<unknown>("PATCH", webhookUrl(teamId, id), { body }),
  testWebhook: (teamId: string, id: string) => uiFetch<unknown>("POST", webhookUrl(teamId, id, "test")),
  deleteWebhook: (teamId: string, id: string) => uiFetch<void>("DELETE", webhookUrl(teamId, id)),
  redeliver: (teamId: string, webhookId: string, deliveryId: string) => uiFetch<unknown>("POST", webhookUrl(teamId, webhookId, "deliveries", deliveryId, "redeliver")),
  callbackSecret: (teamId: string) => getJson<CallbackSecret>(settingsUrl(teamId, "callback-secret")),
  rotateCallbackSecret: (teamId: string) => uiFetch<CallbackSecret>("POST", settingsUrl(teamId, "callback-secret")),
  setEmailPrefs: (email: boolean) => uiFetch<unknown>("PUT", "/api/ui/settings/notifications", { body: { email } }),
};
