// Every environment variable the server reads, parsed once by one zod schema. A bad value stops
// the start with a message naming the variable (instead of NaN at run time). The README's
// configuration table is rendered from VARS (lib/config/table.ts, checked by a unit test).
// Adding a variable is one line in VARS; then `npx tsx scripts/config-table.ts --write`.
import { z } from "zod";
import { bool, duration, hosts, int, num, oneOf, str, url, type Var } from "./vars";

export const VARS = {
  PORT: int({ default: 3000, min: 1, max: 65535, doc: "where `npm start` listens" }),
  HOST: str({ default: "0.0.0.0", doc: "the address `npm start` binds" }),
  DATA_DIR: str({ default: "./data", doc: "SQLite file and generated keys" }),
  DATABASE_URL: str({
    shown: "`file:<DATA_DIR>/questions.db`",
    pattern: [/^(file:|postgres(ql)?:\/\/)/, "must start with file: or postgresql://"],
    secret: true,
    doc: "`file:…` for SQLite, `postgresql://…` for PostgreSQL",
  }),
  DATABASE_POOL_SIZE: int({ default: 10, min: 1, doc: "PostgreSQL connections per instance" }),
  QUESTIONS_KEYS: str({ shown: "generated `DATA_DIR/secret-keys.json`", secret: true, doc: "`id:base64(32 bytes),…`: keys for secret answers" }),
  QUESTIONS_ACTIVE_KEY: str({ shown: "the last key in `QUESTIONS_KEYS`", doc: "the key id new secrets are encrypted with" }),
  SECRET_RETENTION_HOURS: num({ default: 24, min: 0, doc: "unclaimed secrets are purged after this" }),
  IDEMPOTENCY_TTL_HOURS: num({ default: 24, min: 0, doc: "how long an `Idempotency-Key` replays" }),
  RATE_LIMIT_PER_MINUTE: int({ default: 600, min: 0, doc: "requests per token per minute (before authentication: per client address); on PostgreSQL one budget shared by all instances, on SQLite the one process's; `0` disables" }),
  SSE_HEARTBEAT_MS: int({ default: 15_000, min: 10, doc: "heartbeat comment interval on event streams" }),
  WAITS_PER_TOKEN: int({ default: 1000, min: 1, doc: "open long-polls, event streams and waiting MCP tool calls per token (per instance); beyond it 429 with `Retry-After`" }),
  STREAMS_PER_USER: int({ default: 20, min: 1, doc: "open browser event streams (inbox tabs) per signed-in user (per instance); beyond it 429 with `Retry-After`" }),
  SSE_MAX_QUEUED_BYTES: int({ default: 1_048_576, min: 4096, doc: "bytes an event stream may queue for a client that stopped reading; past it the client is dropped (it resumes with `Last-Event-ID`)" }),
  EVENT_RETENTION_DAYS: int({ default: 30, min: 1, doc: "events (the resume window and audit trail) older than this are pruned; an older resume starts with `event: reset`" }),
  ACCESS_RECHECK_MS: int({ default: 15_000, min: 100, max: 60_000, doc: "how often open waits and streams re-check token revocation and team membership" }),
  TOKEN_CACHE_SECONDS: num({
    default: 5,
    min: 0,
    max: 3600,
    doc: "how long an instance reuses a token's check (and a team's webhook list and push devices) without reading the database; revocation, policy, member and device changes still apply at once; `0` disables",
  }),
  PG_LISTENER_CHECK_MS: int({ default: 10_000, min: 100, doc: "PostgreSQL: how often the LISTEN connection is probed and the hub catches up regardless of NOTIFY" }),
  UI_STREAM_MAX_MS: int({ default: 300_000, min: 1_000, doc: "the browser's event stream is re-opened after this" }),
  LOG_LEVEL: oneOf(["fatal", "error", "warn", "info", "debug", "trace", "silent"], { default: "info", doc: "pino level; logs are JSON lines without bodies or secrets" }),
  TRUST_PROXY: int({
    default: 0,
    min: 0,
    max: 10,
    aliases: { true: 1, false: 0 },
    doc: "reverse proxies in front; `X-Forwarded-*` headers are ignored unless this is ≥ 1 (`true` = 1)",
  }),
  SIGNIN_ATTEMPTS_PER_EMAIL: int({ default: 10, min: 0, doc: "failed password sign-ins per email per 15 minutes (shared by all instances on PostgreSQL); `0` disables" }),
  SIGNIN_ATTEMPTS_PER_ADDRESS: int({ default: 50, min: 0, doc: "failed password sign-ins per client address per 15 minutes (shared by all instances on PostgreSQL); `0` disables" }),
  NEXTAUTH_URL: url({ doc: "the public URL of the app (sign-in callbacks); without it the request's host is used" }),
  NEXTAUTH_SECRET: str({ shown: "generated `DATA_DIR/auth-secret`", secret: true, doc: "signs session cookies (`AUTH_SECRET` also works)" }),
  AUTH_SECRET: str({ secret: true, doc: "alias of `NEXTAUTH_SECRET`" }),
  OIDC_ISSUER: url({ doc: "OpenID Connect issuer; with the two below enables single sign-on" }),
  OIDC_CLIENT_ID: str({ doc: "OpenID Connect client id" }),
  OIDC_CLIENT_SECRET: str({ secret: true, doc: "OpenID Connect client secret" }),
  OIDC_NAME: str({ default: "Single sign-on", doc: "the sign-in button's label" }),
  GITHUB_ID: str({ doc: "GitHub OAuth app client id (enables GitHub sign-in with `GITHUB_SECRET`)" }),
  GITHUB_SECRET: str({ secret: true, doc: "GitHub OAuth app client secret" }),
  MCP_WAIT_SECONDS: int({ default: 50, min: 1, max: 3600, doc: "longest an MCP tool call waits for the answer before returning `pending` (keep it under the clients' tool timeout)" }),
  PRESENCE_SECONDS: num({
    default: 60,
    min: 0.5,
    max: 3600,
    doc: "an agent counts as waiting on a request while it holds a wait on it (long-poll, event stream, MCP call, bridge) and for this long after its last wait or read",
  }),
  ABANDON_AFTER: duration({
    default: 1800,
    min: 0,
    shown: "`30m`",
    doc: "a pending request whose agent has been gone this long is cancelled (\"the agent stopped waiting\"), unless it has a `callbackUrl` or its own `timeoutSeconds`; seconds or `30m`/`2h`; `0` disables",
  }),
  DEFAULT_EXPIRES_SECONDS: int({
    default: 604_800,
    min: 0,
    max: 604_800,
    doc: "expiry of a request that names no `timeoutSeconds` (a team's setting overrides it); `0`: no expiry",
  }),
  MCP_PROGRESS_SECONDS: int({ default: 10, min: 1, max: 600, doc: "interval of `notifications/progress` while an MCP tool call waits" }),
  BENCH_FLOOR: bool({ default: false, doc: "`1` enables `/api/bench/floor` (benchmarks only)" }),
  SMTP_URL: str({ pattern: [/^smtps?:\/\//, "must start with smtp:// or smtps://"], secret: true, doc: "mail server for new-request mail (nodemailer URL); unset: no mail" }),
  SMTP_FROM: str({ default: "OpenOxide Questions <questions@localhost>", doc: "sender of notification mail" }),
  PUBLIC_URL: url({
    shown: "`NEXTAUTH_URL`, else the address the browser used (invitation links, agent snippets, Slack manifest), else `http://localhost:$PORT`",
    doc: "the address people and agents reach the app on: the base of every absolute link it makes (mail, Slack, push, invitations)",
  }),
  CALLBACK_HOSTS: hosts({ shown: "unset (callbacks refused)", doc: "host names allowed for `callbackUrl` (`*.example.com` for subdomains)" }),
  NOTIFY_TIMEOUT_MS: int({ default: 10_000, min: 100, doc: "timeout of one webhook, callback or mail attempt" }),
  NOTIFY_RETRY_BASE_MS: int({ default: 10_000, min: 1, doc: "first retry delay; doubles per attempt, with jitter" }),
  NOTIFY_RETRY_MAX_MS: int({ default: 3_600_000, min: 1, doc: "longest retry delay" }),
  NOTIFY_RETRY_HOURS: num({ default: 24, min: 0, exclusive: true, doc: "how long a delivery is retried" }),
  WEBHOOK_PAUSE_AFTER: int({ default: 20, min: 1, doc: "failed attempts in a row that pause a webhook (or one team's callbacks to one origin, for `NOTIFY_RETRY_MAX_MS`)" }),
  NOTIFY_POLL_MS: int({ default: 5_000, min: 10, doc: "how often each instance looks for deliveries that came due" }),
  NOTIFY_LEASE_MS: int({ default: 60_000, min: 1_000, doc: "how long a claimed delivery stays with its instance" }),
  LANGGRAPH_POLL_MS: int({ default: 3_000, min: 50, doc: "how often the instance that watches a LangGraph deployment looks for interrupted threads" }),
  NOTIFY_CONCURRENCY: int({ default: 32, min: 1, doc: "deliveries each instance sends at once, in all (a send unanswered after 1 s no longer counts)" }),
  NOTIFY_PER_DESTINATION: int({ default: 4, min: 1, doc: "deliveries each instance sends at once to one destination (a webhook, one team's callbacks to one origin, the mail server); a slow one holds only these" }),
  SLACK_API_URL: url({ shown: "`https://slack.com/api`", doc: "base of Slack's Web API (tests and air-gapped installs point it elsewhere)" }),
  PUSH_HOSTS: hosts({
    shown: "the browsers' push services (Google, Mozilla, Apple, Microsoft)",
    doc: "hosts a Web Push subscription's endpoint may name (`*.example.com` for subdomains); https only, except loopback hosts listed here",
  }),
  VAPID_SUBJECT: str({ pattern: [/^(mailto:|https:\/\/)/, "must start with mailto: or https://"], shown: "`PUBLIC_URL` if https, else `mailto:` the `SMTP_FROM` address", doc: "contact the push services see in the VAPID token" }),
} satisfies Record<string, Var>;

export type Config = { [K in keyof typeof VARS]: z.output<(typeof VARS)[K]["schema"]> };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses a set of variables; throws ConfigError naming every bad one (never echoing a value). */
export function parseEnv(source: Record<string, string | undefined>): Config {
  const problems: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(VARS) as [string, Var][]) {
    const result = v.schema.safeParse(source[name]);
    if (result.success) out[name] = result.data;
    else problems.push(`${name}: ${result.error.issues[0]?.message ?? "invalid"}`);
  }
  if (problems.length) throw new ConfigError(problems);
  return out as Config;
}

const g = globalThis as unknown as { __questionsConfig?: Config };

/** The parsed configuration of this process (parsed on first use, then cached). */
export function env(): Config {
  return (g.__questionsConfig ??= parseEnv(process.env));
}
