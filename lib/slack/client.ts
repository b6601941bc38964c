// Slack's own Web API client, pointed at SLACK_API_URL. Retries are the outbox's (durable, and
// honouring 429 Retry-After across restarts), so the client makes one attempt and reports a 429.
import { LogLevel, WebClient } from "@slack/web-api";
import { notifyConfig } from "../notify/config";

export function slackClient(token: string): WebClient {
  const cfg = notifyConfig();
  return new WebClient(token, {
    slackApiUrl: `${cfg.slackApiUrl}/`,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: cfg.timeoutMs,
    allowAbsoluteUrls: false,
    // Failures are logged by the outbox, once, without bodies.
    logLevel: LogLevel.ERROR,
  });
}

/** Slack's error code (`invalid_auth`, `channel_not_found`, `ratelimited`…) or a short description, never a token. */
export function slackError(e: unknown): { message: string; retryAfterSeconds: number | null } {
  const err = e as { code?: string; data?: { error?: string }; retryAfter?: number; statusCode?: number };
  if (err.code === "slack_webapi_rate_limited_error") return { message: `rate limited (Retry-After ${err.retryAfter}s)`, retryAfterSeconds: err.retryAfter ?? 1 };
  if (err.code === "slack_webapi_platform_error") return { message: `Slack said ${err.data?.error ?? "not ok"}`, retryAfterSeconds: null };
  if (err.code === "slack_webapi_http_error") return { message: `HTTP ${err.statusCode}`, retryAfterSeconds: null };
  return { message: "could not reach Slack", retryAfterSeconds: null };
}
