// OpenAPI 3.1 for the agent API (SPEC §3), generated from the zod schemas the routes validate
// with — the route table's entries (lib/api/routes.ts) — so the document cannot drift from the behaviour. Served publicly at /api/v1/openapi.json.
import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig, type RouteConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import pkg from "../../package.json";
import type { Scope } from "../auth/tokens";
import { ROUTES, type RouteSpec } from "../api/routes";
import { EVENT_TYPES } from "../api/route-schemas";
import { LIMITS, ProblemSchema } from "../questions/schemas";

const V1 = "/api/v1";
const JSON_TYPE = "application/json";
const MAX_BODY = "256 KiB";

type ProblemStatus = 400 | 401 | 403 | 404 | 409 | 410 | 412 | 413 | 415 | 422 | 429 | 503;

const PROBLEM_TEXT: Record<ProblemStatus, string> = {
  400: "Malformed JSON body or invalid query parameters (`errors` names the fields).",
  401: "Missing, malformed, unknown or revoked bearer token.",
  403: "The token lacks the scope this route needs.",
  404: "No such request, or it belongs to another team.",
  409: "The request is already resolved.",
  410: "The secret answers were already claimed or purged.",
  412: "`If-Match` names a stale version.",
  413: `The body is larger than ${MAX_BODY}.`,
  415: "The body is not `application/json`.",
  422: "Validation failed; `errors` lists `{path, message}` per field.",
  429: "Rate limit reached; retry after `Retry-After` seconds.",
  503: "The server is shutting down; retry after `Retry-After` seconds.",
};

const RETRY_AFTER = { "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" as const, minimum: 1 } } };

function problems(codes: ProblemStatus[], text: Partial<Record<ProblemStatus, string>> = {}): Record<string, ResponseConfig> {
  const out: Record<string, ResponseConfig> = {};
  for (const code of codes) {
    out[code] = {
      description: text[code] ?? PROBLEM_TEXT[code],
      content: { "application/problem+json": { schema: ProblemSchema } },
      ...(code === 429 || code === 503 ? { headers: RETRY_AFTER } : {}),
      ...(code === 401 ? { headers: { "WWW-Authenticate": { description: "`Bearer`", schema: { type: "string" as const } } } } : {}),
    };
  }
  return out;
}

/**
 * Method, path, operation id and security from the route table (lib/api/routes.ts), the same
 * entries the handlers take their scopes from. Any one scope suffices: each security
 * requirement object is an alternative; a public route has none.
 */
function fromTable(spec: RouteSpec): Pick<RouteConfig, "method" | "path" | "operationId" | "security"> & { "x-required-scopes"?: Scope[] } {
  const { method, path, operationId } = spec;
  if (!spec.scopes) return { method, path, operationId, security: [] };
  const scopes = [...spec.scopes];
  return { method, path, operationId, security: scopes.map((s) => ({ bearerAuth: [s] })), "x-required-scopes": scopes };
}

function scopeNote(scopes: readonly Scope[]): string {
  return `\n\n**Scope:** ${scopes.map((s) => `\`${s}\``).join(" or ")}.`;
}

const json = (schema: z.ZodType, description: string, extra: Partial<ResponseConfig> = {}): ResponseConfig => ({
  description,
  content: { [JSON_TYPE]: { schema } },
  ...extra,
});

const body = (schema: z.ZodType, description: string) => ({ required: true, description, content: { [JSON_TYPE]: { schema } } });
const bodyErrors: ProblemStatus[] = [400, 413, 415, 422];
const authErrors: ProblemStatus[] = [401, 403, 429];

const IfMatchHeader = z.object({
  "If-Match": z.string().regex(/^(?:W\/)?"v\d+"$/).optional().meta({ description: 'Optimistic concurrency: `"v<version>"` as in the ETag; 412 when stale.', example: '"v1"' }),
});
const IdempotencyHeader = z.object({
  "Idempotency-Key": z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/)
    .optional()
    .meta({ description: "Same key + same body from the same token returns the same request (for at least 24 h)." }),
});
const LastEventIdHeader = z.object({
  "Last-Event-ID": z.string().regex(/^\d{1,15}$/).optional().meta({ description: "Resume after this event id with no gap or duplicate." }),
});
const ETAG = { ETag: { description: '`"v<version>"`, usable as `If-Match`.', schema: { type: "string" as const } } };
const PARKED_WAITS = {
  "Parked-Waits": {
    description: "How many long-polls and MCP waits are parked on this request on the server instance that answered (past their read; the request's next change wakes them).",
    schema: { type: "string" as const },
  },
};

const createExample = {
  title: "Pick the database",
  context: "The service needs persistence; both are available in the deployment.",
  agent: { name: "codex", sessionId: "sess_42" },
  questions: [
    {
      id: "database",
      header: "Database",
      prompt: "Which database should the service use?",
      kind: "single_select",
      options: [{ label: "PostgreSQL", description: "Shared, multi-instance." }, { label: "SQLite", description: "Embedded, single instance." }],
    },
  ],
  timeoutSeconds: 3600,
};

function register(registry: OpenAPIRegistry): void {
  registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "oqt_<40 base62><6 checksum>",
    description:
      "API token `oqt_…` (shown once at creation, revocable). Scopes: `ask` — create/read/wait/cancel/claim its own team's requests; `answer` — list, reply, reject; `read` — history. Session cookies are ignored on /api/v1.",
  });
  const route = (config: RouteConfig) => registry.registerPath(config);

  route({
    ...fromTable(ROUTES.createRequest),
    tags: ["Requests"],
    summary: "Create a question request",
    description: `Validated as \`model_tool\` (1–${LIMITS.model_tool.maxQuestions} questions, ${LIMITS.model_tool.minOptions}–${LIMITS.model_tool.maxOptions} options, no secrets, "Other" always allowed) or \`internal\` (1–${LIMITS.internal.maxQuestions} questions, secrets allowed). A \`non_interactive\` request, or a token/team with policy \`deny\`, is recorded and returned at once as \`rejected\`.${scopeNote(ROUTES.createRequest.scopes)}`,
    request: { headers: IdempotencyHeader, body: { ...body(ROUTES.createRequest.body, "The request to create."), content: { [JSON_TYPE]: { schema: ROUTES.createRequest.body, example: createExample } } } },
    responses: {
      201: json(ROUTES.createRequest.response, "Created (pending, or already rejected for non-interactive runs and `deny` policies)."),
      200: json(ROUTES.createRequest.response, "Replay of an earlier create with the same `Idempotency-Key` and body.", {
        headers: { "Idempotent-Replayed": { description: "`true` on a replay.", schema: { type: "string" } } },
      }),
      ...problems([...bodyErrors, ...authErrors, 409], {
        409: "A request with this `Idempotency-Key` is still being created; retry shortly.",
        422: "Validation failed (`errors` lists field paths), or the `Idempotency-Key` was used with a different body.",
      }),
    },
  });

  route({
    ...fromTable(ROUTES.getInsights),
    tags: ["Insights"],
    summary: "Team insights for a period",
    description: `How fast requests are answered (exact nearest-rank median and 90th percentile), outcomes per day, open requests, agents, reviewers and recurring questions, for the token's team. Computed in the database; the same figures as the /insights page.${scopeNote(ROUTES.getInsights.scopes)}`,
    request: { query: ROUTES.getInsights.query },
    responses: { 200: json(ROUTES.getInsights.response, "The figures."), ...problems([400, ...authErrors]) },
  });

  route({
    ...fromTable(ROUTES.listRequests),
    tags: ["Requests"],
    summary: "List requests",
    description: `Filtered, cursor-paged; pending requests come oldest first (FIFO). An \`ask\` token sees its team's own requests.${scopeNote(ROUTES.listRequests.scopes)}`,
    request: { query: ROUTES.listRequests.query },
    responses: { 200: json(ROUTES.listRequests.response, "One page; pass `nextCursor` as `cursor` for the next."), ...problems([400, ...authErrors]) },
  });

  route({
    ...fromTable(ROUTES.getRequest),
    tags: ["Requests"],
    summary: "Read a request, optionally waiting for its resolution",
    description: `With \`wait=N\` the call blocks until the request is terminal or N seconds pass, then returns its current state.${scopeNote(ROUTES.getRequest.scopes)}`,
    request: { params: ROUTES.getRequest.params, query: ROUTES.getRequest.query },
    responses: { 200: json(ROUTES.getRequest.response, "The request.", { headers: { ...ETAG, ...PARKED_WAITS } }), ...problems([400, 404, ...authErrors, 503]) },
  });

  route({
    ...fromTable(ROUTES.cancelRequest),
    tags: ["Requests"],
    summary: "Withdraw a pending request",
    description: `The agent no longer needs the answer; waiters wake with a \`cancelled\` rejection.${scopeNote(ROUTES.cancelRequest.scopes)}`,
    request: { params: ROUTES.cancelRequest.params, body: { ...body(ROUTES.cancelRequest.body, "Optional reason."), required: false } },
    responses: { 200: json(ROUTES.cancelRequest.response, "The cancelled request."), ...problems([...bodyErrors, 404, 409, ...authErrors]) },
  });

  route({
    ...fromTable(ROUTES.cancelSession),
    tags: ["Requests"],
    summary: "Cancel every pending request of an interrupted session",
    description: `Only requests created by the calling token are affected.${scopeNote(ROUTES.cancelSession.scopes)}`,
    request: { params: ROUTES.cancelSession.params, body: { ...body(ROUTES.cancelSession.body, "Optional reason."), required: false } },
    responses: { 200: json(ROUTES.cancelSession.response, "How many requests were cancelled."), ...problems([...bodyErrors, ...authErrors]) },
  });

  route({
    ...fromTable(ROUTES.replyToRequest),
    tags: ["Reviewers"],
    summary: "Answer a pending request",
    description: `Every question must be answered unless \`confirmUnanswered\` is true (the rest are recorded as skipped). Of two concurrent replies exactly one wins.${scopeNote(ROUTES.replyToRequest.scopes)}`,
    request: { params: ROUTES.replyToRequest.params, headers: IfMatchHeader, body: body(ROUTES.replyToRequest.body, "Answers keyed by question id.") },
    responses: {
      200: json(ROUTES.replyToRequest.response, "The answered request."),
      ...problems([...bodyErrors, 404, 409, 412, ...authErrors], { 409: "The request is already resolved (another reply may have won)." }),
    },
  });

  route({
    ...fromTable(ROUTES.rejectRequest),
    tags: ["Reviewers"],
    summary: "Decline a pending request",
    description: `The agent receives a \`reviewer_rejected\` rejection carrying the reason.${scopeNote(ROUTES.rejectRequest.scopes)}`,
    request: { params: ROUTES.rejectRequest.params, headers: IfMatchHeader, body: body(ROUTES.rejectRequest.body, "Why the request is declined.") },
    responses: { 200: json(ROUTES.rejectRequest.response, "The rejected request."), ...problems([...bodyErrors, 404, 409, 412, ...authErrors]) },
  });

  route({
    ...fromTable(ROUTES.claudeCodeHook),
    tags: ["Requests"],
    summary: "Claude Code's permission prompts and questions (HTTP hook)",
    description: `Configure as Claude Code's \`PermissionRequest\` (and \`SessionEnd\`) HTTP hook, with \`?timeout=\` equal to the hook's \`timeout\`. \`AskUserQuestion\` becomes a question request, any other tool an approval; the reply is the decision, or \`{}\` when nobody decided a few seconds before the timeout (the request is then cancelled and Claude Code asks in its terminal). \`SessionEnd\` cancels the session's pending requests.${scopeNote(ROUTES.claudeCodeHook.scopes)}`,
    request: { query: ROUTES.claudeCodeHook.query, body: body(ROUTES.claudeCodeHook.body, "Claude Code's hook input.") },
    responses: { 200: json(ROUTES.claudeCodeHook.response, "Claude Code's hook output."), ...problems([...bodyErrors, ...authErrors]) },
  });

  route({
    ...fromTable(ROUTES.claimSecrets),
    tags: ["Requests"],
    summary: "Receive the plaintext secret answers, once",
    description: `Only the token that created the request may claim, and only once; afterwards the answers show as provided and claimed. Unclaimed secrets are purged after the retention window.${scopeNote(ROUTES.claimSecrets.scopes)}`,
    request: { params: ROUTES.claimSecrets.params },
    responses: {
      200: json(ROUTES.claimSecrets.response, "Plaintext values keyed by question id.", {
        headers: { "Cache-Control": { description: "`no-store`", schema: { type: "string" } } },
      }),
      ...problems([404, 409, 410, ...authErrors], { 409: "The request is not answered, so there is nothing to claim." }),
    },
  });

  route({
    ...fromTable(ROUTES.streamEvents),
    tags: ["Events"],
    summary: "Server-Sent Events of request changes",
    description: `Events \`${EVENT_TYPES.join("`, `")}\`; each \`data:\` is an \`Event\` JSON object (components/schemas/Event), each \`id:\` comes from a durable sequence. \`Last-Event-ID\` resumes with no gap or duplicate; comment lines are heartbeats. An \`ask\` token sees its own requests, \`answer\`/\`read\` tokens their team's.${scopeNote(ROUTES.streamEvents.scopes)}`,
    request: { headers: LastEventIdHeader, query: ROUTES.streamEvents.query },
    responses: {
      200: { description: "An endless `text/event-stream`.", content: { "text/event-stream": { schema: { type: "string", description: "SSE frames whose `data:` is an `Event`." } } } },
      ...problems([400, ...authErrors], { 400: "`Last-Event-ID` is not an event id." }),
    },
  });

  route({
    ...fromTable(ROUTES.getOpenApi),
    tags: ["Meta"],
    summary: "This OpenAPI 3.1 document",
    responses: { 200: { description: "The document.", content: { [JSON_TYPE]: { schema: { type: "object" } } } } },
  });

  route({
    ...fromTable(ROUTES.getToolSchema),
    tags: ["Meta"],
    summary: "The model-facing `ask_human` tool definition",
    description: "The `model_tool` subset of CreateRequest (no `source`, `mode`, `agent`, `secret`, `allowCustom`) in OpenAI, Anthropic or MCP tool shape.",
    request: { query: ROUTES.getToolSchema.query },
    responses: {
      200: { description: "The tool definition.", content: { [JSON_TYPE]: { schema: { type: "object" } } } },
      ...problems([400], { 400: "`format` is not one of `openai`, `anthropic`, `mcp`." }),
    },
  });

  route({
    ...fromTable(ROUTES.health),
    tags: ["Meta"],
    summary: "Liveness and database reachability",
    responses: { 200: json(ROUTES.health.response, "Up, database reachable."), 503: json(ROUTES.health.response, "Database unreachable.") },
  });
}

let memo: object | undefined;

/** The whole document; generated once per process. */
export function openApiDocument(): object {
  if (memo) return memo;
  const registry = new OpenAPIRegistry();
  register(registry);
  // Event is only named in prose (3.1 has no itemSchema), so it is added as a component by hand.
  // Wrapped as a definition: a bare zod 4 schema has a `type` field and the generator skips it.
  const generator = new OpenApiGeneratorV31([...registry.definitions, { type: "schema", schema: ROUTES.streamEvents.response }]);
  memo = generator.generateDocument({
    openapi: "3.1.0",
    info: {
      title: "OpenOxide Questions — agent API",
      version: pkg.version,
      description:
        "Agents ask humans structured questions and get typed answers back. Errors are RFC 9457 `application/problem+json`. Secret answers never appear in any response except the one claim.",
    },
    security: [{ bearerAuth: [] }],
    tags: [
      { name: "Requests", description: "What an asking agent uses (`ask` scope)." },
      { name: "Reviewers", description: "Answering from non-browser clients (`answer` scope)." },
      { name: "Events", description: "Live changes as Server-Sent Events." },
      { name: "Meta", description: "Public descriptions of the API and the service's health." },
    ],
  });
  return memo;
}
