// The agent-facing routes in one table: method, path, the scopes that open it (null: public), the
// operation id and the schemas of path parameters, query, body and success response. apiRoute takes
// a route's scopes and request schemas from here and the OpenAPI document is built from the same
// entries; routes.test.ts checks that each entry has its route file and that it parses nothing else.
import type { z } from "zod";
import type { Scope } from "../auth/tokens";
import { ClaudeCodeHookOutput, ClaudeCodeHookQuery, ClaudeCodeHookSchema } from "../claude-code/schemas";
import { ToolSchemaQuery } from "../openapi/tool-schema";
import { CancelSchema, ClaimResponseSchema, CreateRequestSchema, ListQuerySchema, ListResponseSchema, RejectSchema, ReplySchema, RequestSchema } from "../questions/schemas";
import { InsightsQuerySchema } from "../insights/query";
import { InsightsSchema } from "../insights/schemas";
import { EventsQuery, Event, Health, IdParam, SessionCancelResult, SessionParam, WaitQuery } from "./route-schemas";

export type RouteSpec = {
  method: "get" | "post";
  /** OpenAPI form: `{id}` where the app directory has `[id]`. */
  path: string;
  scopes: readonly Scope[] | null;
  operationId: string;
  /** Documented only: Next.js hands the handler its path parameters. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success body (for streamEvents: one event's `data:`). */
  response?: z.ZodType;
};

const ANY: readonly Scope[] = ["ask", "answer", "read"];

export const ROUTES = {
  createRequest: { method: "post", path: "/api/v1/requests", scopes: ["ask"], operationId: "createRequest", body: CreateRequestSchema, response: RequestSchema },
  listRequests: { method: "get", path: "/api/v1/requests", scopes: ANY, operationId: "listRequests", query: ListQuerySchema, response: ListResponseSchema },
  getRequest: { method: "get", path: "/api/v1/requests/{id}", scopes: ANY, operationId: "getRequest", params: IdParam, query: WaitQuery, response: RequestSchema },
  cancelRequest: { method: "post", path: "/api/v1/requests/{id}/cancel", scopes: ["ask"], operationId: "cancelRequest", params: IdParam, body: CancelSchema, response: RequestSchema },
  cancelSession: { method: "post", path: "/api/v1/sessions/{sessionId}/cancel", scopes: ["ask"], operationId: "cancelSession", params: SessionParam, body: CancelSchema, response: SessionCancelResult },
  replyToRequest: { method: "post", path: "/api/v1/requests/{id}/reply", scopes: ["answer"], operationId: "replyToRequest", params: IdParam, body: ReplySchema, response: RequestSchema },
  rejectRequest: { method: "post", path: "/api/v1/requests/{id}/reject", scopes: ["answer"], operationId: "rejectRequest", params: IdParam, body: RejectSchema, response: RequestSchema },
  claudeCodeHook: {
    method: "post",
    path: "/api/v1/hooks/claude-code",
    scopes: ["ask"],
    operationId: "claudeCodeHook",
    query: ClaudeCodeHookQuery,
    body: ClaudeCodeHookSchema,
    response: ClaudeCodeHookOutput,
  },
  claimSecrets: { method: "post", path: "/api/v1/requests/{id}/secrets/claim", scopes: ["ask"], operationId: "claimSecrets", params: IdParam, response: ClaimResponseSchema },
  streamEvents: { method: "get", path: "/api/v1/events", scopes: ANY, operationId: "streamEvents", query: EventsQuery, response: Event },
  getInsights: { method: "get", path: "/api/v1/insights", scopes: ["read"], operationId: "getInsights", query: InsightsQuerySchema, response: InsightsSchema },
  getOpenApi: { method: "get", path: "/api/v1/openapi.json", scopes: null, operationId: "getOpenApi" },
  getToolSchema: { method: "get", path: "/api/v1/tool-schema", scopes: null, operationId: "getToolSchema", query: ToolSchemaQuery },
  health: { method: "get", path: "/api/health", scopes: null, operationId: "health", response: Health },
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof ROUTES;
