// Notification settings from the environment, read once. The lead may move these into the shared
// config module at merge; nothing else in lib/notify reads process.env.
export type NotifyConfig = {
  smtpUrl: string | null;
  mailFrom: string;
  publicUrl: string;
  callbackHosts: string[];
  timeoutMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  retryHours: number;
  pauseAfter: number;
  pollMs: number;
  leaseMs: number;
};

const g = globalThis as unknown as { __notifyConfig?: NotifyConfig };

function num(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number`);
  return n;
}

function publicUrl(): string {
  const raw = process.env.PUBLIC_URL?.trim() || process.env.NEXTAUTH_URL?.trim() || `http://localhost:${process.env.PORT || 3000}`;
  return raw.replace(/\/+$/, "");
}

export function notifyConfig(): NotifyConfig {
  g.__notifyConfig ??= {
    smtpUrl: process.env.SMTP_URL?.trim() || null,
    mailFrom: process.env.SMTP_FROM?.trim() || "OpenOxide Questions <questions@localhost>",
    publicUrl: publicUrl(),
    callbackHosts: (process.env.CALLBACK_HOSTS ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean),
    timeoutMs: num("NOTIFY_TIMEOUT_MS", 10_000),
    retryBaseMs: num("NOTIFY_RETRY_BASE_MS", 10_000),
    retryMaxMs: num("NOTIFY_RETRY_MAX_MS", 3_600_000),
    retryHours: num("NOTIFY_RETRY_HOURS", 24),
    pauseAfter: num("WEBHOOK_PAUSE_AFTER", 20),
    pollMs: num("NOTIFY_POLL_MS", 5_000),
    leaseMs: num("NOTIFY_LEASE_MS", 60_000),
  };
  return g.__notifyConfig;
}

/** Tests and the CLI change the environment between runs in one process. */
export function resetNotifyConfig(): void {
  g.__notifyConfig = undefined;
}
