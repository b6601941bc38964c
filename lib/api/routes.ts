// The agent-facing routes in one table: method, path, the scopes that open it (null: public), the
// operation id and the schemas of path parameters, query, body and success response. apiRoute takes
// a route's scopes and request schemas from here (Next route files through apiRoute, the realtime
// routes through realtimeRoute, lib/http/route.ts) and the OpenAPI document is built from the same
// entries; tests/api/route-scopes.test.ts asks the running server that each is served as its entry says.
import type { z } from "zod";
import type { Scope } from "../auth/tokens";
import { ClaudeCodeHookOutput, ClaudeCodeHookQuery, ClaudeCodeHookSchema } from "../claude-code/schemas";
import { ToolSchemaQuery } from "../openapi/tool-schema";
import { CancelSchema, ClaimResponseSchema, CreateRequestSchema, ListQuerySchema, ListResponseSchema, RejectSchema, ReplySchema, RequestSchema } from "../questions/schemas";
import { InsightsQuerySchema } from "../insights/query";
import { InsightsSchema } from "../insights/schemas";
import { EventsQuery, Event, Health, IdParam, SessionCancelResult, SessionParam, WaitQuery } from "./route-schemas";

export type RouteSpec = {
  method: "get" | "post" | "delete";
  /** OpenAPI form: `{id}` where the app directory has `[id]`. */
  path: string;
  scopes: readonly Scope[] | null;
  operationId: string;
  /** Documented only: Next.js or the realtime layer (lib/http/realtime.ts) hands the handler its path parameters. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success body (for streamEvents: one event's `data:`). */
  response?: z.ZodType;
  /**
   * Served by the realtime layer (lib/http/realtime.ts, node:http) instead of a Next route file:
   * the routes that hold a connection open (long-poll, event stream, MCP, the Claude Code hook),
   * /api/v1/requests, the busiest (create), and reply/reject, where an agent's answer latency starts
   * — docs/decisions.md "One HTTP path per route" and "Answer latency".
   */
  realtime?: true;
  /** Not in the OpenAPI document (MCP describes itself to its clients). */
  undocumented?: true;
};

const ANY: readonly Scope[] = ["ask", "answer", "read"];

export const ROUTES = {
  createRequest: { method: "post", path: "/api/v1/requests", scopes: ["ask"], operationId: "createRequest", body: CreateRequestSchema, response: RequestSchema, realtime: true },
  listRequests: { method: "get", path: "/api/v1/requests", scopes: ANY, operationId: "listRequests", query: ListQuerySchema, response: ListResponseSchema, realtime: true },
  getRequest: { method: "get", path: "/api/v1/requests/{id}", scopes: ANY, operationId: "getRequest", params: IdParam, query: WaitQuery, response: RequestSchema, realtime: true },
  cancelRequest: { method: "post", path: "/api/v1/requests/{id}/cancel", scopes: ["ask"], operationId: "cancelRequest", params: IdParam, body: CancelSchema, response: RequestSchema },
  cancelSession: { method: "post", path: "/api/v1/sessions/{sessionId}/cancel", scopes: ["ask"], operationId: "cancelSession", params: SessionParam, body: CancelSchema, response: SessionCancelResult },
  replyToRequest: { method: "post", path: "/api/v1/requests/{id}/reply", scopes: ["answer"], operationId: "replyToRequest", params: IdParam, body: ReplySchema, response: RequestSchema, realtime: true },
  rejectRequest: { method: "post", path: "/api/v1/requests/{id}/reject", scopes: ["answer"], operationId: "rejectRequest", params: IdParam, body: RejectSchema, response: RequestSchema, realtime: true },
  claudeCodeHook: {
    method: "post",
    path: "/api/v1/hooks/claude-code",
    scopes: ["ask"],
    operationId: "claudeCodeHook",
    query: ClaudeCodeHookQuery,
    body: ClaudeCodeHookSchema,
    response: ClaudeCodeHookOutput,
    realtime: true,
  },
  claimSecrets: { method: "post", path: "/api/v1/requests/{id}/secrets/claim", scopes: ["ask"], operationId: "claimSecrets", params: IdParam, response: ClaimResponseSchema },
  streamEvents: { method: "get", path: "/api/v1/events", scopes: ANY, operationId: "streamEvents", query: EventsQuery, response: Event, realtime: true },
  // MCP's Streamable HTTP endpoint (lib/mcp/server.ts): not in the OpenAPI document, MCP describes itself.
  mcpPost: { method: "post", path: "/api/mcp", scopes: ["ask"], operationId: "mcpPost", realtime: true, undocumented: true },
  mcpDelete: { method: "delete", path: "/api/mcp", scopes: ["ask"], operationId: "mcpDelete", realtime: true, undocumented: true },
  mcpGet: { method: "get", path: "/api/mcp", scopes: ["ask"], operationId: "mcpGet", realtime: true, undocumented: true },
  getInsights: { method: "get", path: "/api/v1/insights", scopes: ["read"], operationId: "getInsights", query: InsightsQuerySchema, response: InsightsSchema },
  getOpenApi: { method: "get", path: "/api/v1/openapi.json", scopes: null, operationId: "getOpenApi" },
  getToolSchema: { method: "get", path: "/api/v1/tool-schema", scopes: null, operationId: "getToolSchema", query: ToolSchemaQuery },
  health: { method: "get", path: "/api/health", scopes: null, operationId: "health", response: Health },
} as const satisfies Record<string, RouteSpec>;

/**
 * The browser's routes the realtime layer serves too: cookie session (lib/http/ui-route.ts), so no
 * scopes, and not in the OpenAPI document. The inbox's event stream, where a new request reaches
 * an open inbox — docs/decisions.md "The browser's event stream on the realtime path".
 */
export const UI_REALTIME = {
  uiEvents: { method: "get", path: "/api/ui/events" },
} as const satisfies Record<string, Pick<RouteSpec, "method" | "path">>;

export type RouteName = keyof typeof ROUTES;
/** The entries the realtime layer serves. */
export type RealtimeName = { [K in RouteName]: (typeof ROUTES)[K] extends { realtime: true } ? K : never }[RouteName];
