// The notification settings, from the one parsed configuration (lib/config/env.ts).
import { env } from "../config/env";
import { publicUrl } from "../config/public-url";

export type NotifyConfig = {
  smtpUrl: string | null;
  mailFrom: string;
  callbackHosts: string[];
  timeoutMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  retryHours: number;
  pauseAfter: number;
  pollMs: number;
  leaseMs: number;
  concurrency: number;
  perDestination: number;
  slackApiUrl: string;
  pushHosts: string[];
  vapidSubject: string;
};

/** Where browsers' push services live; a subscription elsewhere is refused unless PUSH_HOSTS names it. */
export const DEFAULT_PUSH_HOSTS = ["fcm.googleapis.com", "*.push.services.mozilla.com", "*.push.apple.com", "*.notify.windows.com"];

export function notifyConfig(): NotifyConfig {
  const c = env();
  return {
    smtpUrl: c.SMTP_URL ?? null,
    mailFrom: c.SMTP_FROM,
    callbackHosts: c.CALLBACK_HOSTS.map((h) => h.toLowerCase()),
    timeoutMs: c.NOTIFY_TIMEOUT_MS,
    retryBaseMs: c.NOTIFY_RETRY_BASE_MS,
    retryMaxMs: c.NOTIFY_RETRY_MAX_MS,
    retryHours: c.NOTIFY_RETRY_HOURS,
    pauseAfter: c.WEBHOOK_PAUSE_AFTER,
    pollMs: c.NOTIFY_POLL_MS,
    leaseMs: c.NOTIFY_LEASE_MS,
    concurrency: c.NOTIFY_CONCURRENCY,
    perDestination: c.NOTIFY_PER_DESTINATION,
    slackApiUrl: (c.SLACK_API_URL ?? "https://slack.com/api").replace(/\/+$/, ""),
    pushHosts: c.PUSH_HOSTS.length ? c.PUSH_HOSTS : DEFAULT_PUSH_HOSTS,
    vapidSubject: c.VAPID_SUBJECT ?? vapidSubject(publicUrl(), c.SMTP_FROM),
  };
}

function vapidSubject(base: string, from: string): string {
  if (base.startsWith("https://")) return base;
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
  return `mailto:${address}`;
}
