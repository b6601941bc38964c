// The agent-facing routes in one table: method, path, the scopes that open it (null: public) and
// the operation id. apiRoute takes a route's scopes from here and the OpenAPI document is built
// from the same entries; routes.test.ts checks that each entry has its route file.
import type { Scope } from "../auth/tokens";

export type RouteSpec = {
  method: "get" | "post";
  /** OpenAPI form: `{id}` where the app directory has `[id]`. */
  path: string;
  scopes: readonly Scope[] | null;
  operationId: string;
};

const ANY: readonly Scope[] = ["ask", "answer", "read"];

export const ROUTES = {
  createRequest: { method: "post", path: "/api/v1/requests", scopes: ["ask"], operationId: "createRequest" },
  listRequests: { method: "get", path: "/api/v1/requests", scopes: ANY, operationId: "listRequests" },
  getRequest: { method: "get", path: "/api/v1/requests/{id}", scopes: ANY, operationId: "getRequest" },
  cancelRequest: { method: "post", path: "/api/v1/requests/{id}/cancel", scopes: ["ask"], operationId: "cancelRequest" },
  cancelSession: { method: "post", path: "/api/v1/sessions/{sessionId}/cancel", scopes: ["ask"], operationId: "cancelSession" },
  replyToRequest: { method: "post", path: "/api/v1/requests/{id}/reply", scopes: ["answer"], operationId: "replyToRequest" },
  rejectRequest: { method: "post", path: "/api/v1/requests/{id}/reject", scopes: ["answer"], operationId: "rejectRequest" },
  claimSecrets: { method: "post", path: "/api/v1/requests/{id}/secrets/claim", scopes: ["ask"], operationId: "claimSecrets" },
  streamEvents: { method: "get", path: "/api/v1/events", scopes: ANY, operationId: "streamEvents" },
  getOpenApi: { method: "get", path: "/api/v1/openapi.json", scopes: null, operationId: "getOpenApi" },
  getToolSchema: { method: "get", path: "/api/v1/tool-schema", scopes: null, operationId: "getToolSchema" },
  health: { method: "get", path: "/api/health", scopes: null, operationId: "health" },
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof ROUTES;
