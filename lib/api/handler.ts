// The wrapper every /api/v1 Next route file goes through (the realtime routes have the same steps
// in lib/http/route.ts): the route core (lib/api/core.ts), then bearer
// auth (failures spend the client address's budget), the token's budget and the scope check.
// Handlers get the row scopes they need instead of assembling them, and parse body and query only
// through ctx.body() / ctx.query(), bound to the route entry's schemas (the ones the OpenAPI
// document shows). Handlers stay parse → domain call → respond.
import type { z } from "zod";
import { authenticate } from "../auth/authenticate";
import { hasScope, requestScope, type Principal } from "../auth/principal";
import type { AnyRequest } from "../http/headers";
import type { Scope } from "../auth/tokens";
import { AppError } from "../errors";
import { hub } from "../events/hub";
import { parseQuery, readJson } from "./body";
import { routeCore, type RouteContext } from "./core";
import { rateLimit } from "./rate-limit";
import type { RouteSpec } from "./routes";

export { toProblem } from "./core";

type SchemaOf<R, K extends "body" | "query"> = R extends { [k in K]: infer S extends z.ZodType } ? S : never;
/** A route's path parameters, from its entry's `params` schema. */
export type ParamsOf<R> = R extends { params: infer S extends z.ZodType } ? z.output<S> : Record<string, never>;

export type ApiContext<R = readonly Scope[]> = {
  req: Request;
  url: URL;
  principal: Principal;
  params: ParamsOf<R>;
  /**
   * Reads the body and validates it with the entry's `body` schema (raw: the parsed JSON, for
   * idempotency hashing). Called by the handler, not the wrapper, so header checks keep going first.
   */
  body: () => Promise<{ raw: unknown; value: z.output<SchemaOf<R, "body">> }>;
  /** The query, validated with the entry's `query` schema. */
  query: () => z.output<SchemaOf<R, "query">>;
  correlationId: string;
  /** The client's address (TRUST_PROXY), for the audit trail. */
  address: string;
  /** Rows this token may see: the team's, or (ask-only token) the ones it created. */
  scope: { teamId: string; tokenId?: string };
  /** Rows this token created (cancel, claim). */
  own: { teamId: string; tokenId: string };
};

export function schema<S>(s: S | undefined, route: RouteSpec | null, part: string): S {
  // A handler asking for a part its entry has no schema for is a bug in the table: a 500.
  if (!s) throw new Error(`Route ${route?.operationId ?? "(no table entry)"} has no ${part} schema in lib/api/routes.ts.`);
  return s;
}

/**
 * Who is calling, for both layers (this file's Next routes, lib/http/route.ts's realtime ones):
 * bearer auth (a failure spends the client address's budget), the token's budget, the scope check.
 * The token id goes into `logFields` as soon as it is known, so a 429 or 403 line names it.
 */
export async function authorize(req: AnyRequest, address: string, scopes: readonly Scope[], logFields: Record<string, unknown>): Promise<Principal> {
  await hub.ready();
  const principal = await authenticate(req).catch(async (e) => {
    await rateLimit(`addr:${address}`);
    throw e;
  });
  logFields.tokenId = principal.tokenId;
  await rateLimit(`tok:${principal.tokenId}`);
  if (!hasScope(principal, ...scopes)) {
    throw new AppError("forbidden", `This route needs one of the scopes: ${scopes.join(", ")}.`);
  }
  return principal;
}

/**
 * `apiRoute(ROUTES.x, handler)` takes its scopes, parameter, body and query schemas from the route
 * table (lib/api/routes.ts), which also feeds the OpenAPI document; `apiRoute(["ask"], handler)`
 * (routes outside the table) has no schemas.
 */
export function apiRoute<R extends RouteSpec | readonly Scope[]>(
  route: R,
  handler: (ctx: ApiContext<NoInfer<R>>) => Promise<Response>,
): (req: Request, route: RouteContext<ParamsOf<R>>) => Promise<Response> {
  const spec: RouteSpec | null = Array.isArray(route) ? null : (route as RouteSpec);
  const scopes = spec ? (spec.scopes ?? []) : (route as readonly Scope[]);
  return routeCore<ParamsOf<R>>({ name: "api", logReads: true }, async (core, params) => {
    const principal = await authorize(core.req, core.address, scopes, core.logFields);
    return handler({
      req: core.req,
      url: core.url,
      principal,
      params: await params,
      // Typed by the entry's schemas (ApiContext); the same schemas parse here.
      body: (() => readJson(core.req, schema(spec?.body, spec, "body"))) as ApiContext<R>["body"],
      query: (() => parseQuery(core.url, schema(spec?.query, spec, "query"))) as ApiContext<R>["query"],
      correlationId: core.correlationId,
      address: core.address,
      scope: requestScope(principal),
      own: { teamId: principal.teamId, tokenId: principal.tokenId },
    });
  });
}
