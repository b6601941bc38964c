// Shapes of the webhook settings (browser routes and CLI share them).
import { z } from "zod";

export const WEBHOOK_EVENTS = ["request.created", "request.resolved", "request.answered", "request.rejected", "request.cancelled", "request.expired"] as const;
export const DEFAULT_EVENTS = ["request.created", "request.resolved"] as const;

const Url = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => /^https?:\/\//i.test(s) && URL.canParse(s), "must be an http or https URL")
  // The sender refuses URLs with credentials (lib/notify/http.ts): refused here, not on every delivery.
  .refine((s) => !URL.canParse(s) || !(new URL(s).username || new URL(s).password), "must not contain credentials (user:password@); put a secret in the path instead");

export const CreateWebhookBody = z
  .object({
    url: Url,
    format: z.enum(["json", "slack"]).default("json"),
    events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length).default([...DEFAULT_EVENTS]),
  })
  .strict();
export type CreateWebhookInput = z.output<typeof CreateWebhookBody>;

export const UpdateWebhookBody = z
  .object({
    url: Url.optional(),
    format: z.enum(["json", "slack"]).optional(),
    events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length).optional(),
    paused: z.boolean().optional(),
  })
  .strict();
export type UpdateWebhookInput = z.output<typeof UpdateWebhookBody>;

export const EmailPrefsBody = z.object({ email: z.boolean() }).strict();

export type WebhookView = {
  id: string;
  url: string; // masked: a webhook URL (Slack's especially) is itself a credential
  format: "json" | "slack";
  events: string[];
  pausedAt: string | null;
  pausedReason: string | null;
  failureStreak: number;
  createdAt: string;
};

export type DeliveryView = {
  id: string;
  type: string;
  requestId: string | null;
  status: string;
  attempts: number;
  responseCode: number | null;
  responseExcerpt: string | null;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string | null;
  sentAt: string | null;
};
