// The wrapper every /api/v1 handler goes through: the route core (lib/api/core.ts), then bearer
// auth (failures spend the client address's budget), the token's budget and the scope check.
// Handlers get the row scopes they need instead of assembling them. Handlers stay
// parse → domain call → respond.
import { authenticate } from "../auth/authenticate";
import { hasScope, requestScope, type Principal } from "../auth/principal";
import type { Scope } from "../auth/tokens";
import { AppError } from "../errors";
import { hub } from "../events/hub";
import { routeCore, type RouteContext } from "./core";
import type { RouteSpec } from "./routes";

export { toProblem } from "./core";

export type ApiContext<P> = {
  req: Request;
  url: URL;
  principal: Principal;
  params: P;
  correlationId: string;
  /** Rows this token may see: the team's, or (ask-only token) the ones it created. */
  scope: { teamId: string; tokenId?: string };
  /** Rows this token created (cancel, claim). */
  own: { teamId: string; tokenId: string };
};

/**
 * `apiRoute(ROUTES.x, handler)` takes its scopes from the route table (lib/api/routes.ts), which
 * also feeds the OpenAPI document; `apiRoute(["ask"], handler)` still works.
 */
export function apiRoute<P = Record<string, never>>(
  route: Scope[] | RouteSpec,
  handler: (ctx: ApiContext<P>) => Promise<Response>,
): (req: Request, route: RouteContext<P>) => Promise<Response> {
  const scopes = Array.isArray(route) ? route : (route.scopes ?? []);
  return routeCore<P>({ name: "api", logReads: true }, async (core, params) => {
    await hub.ready();
    const principal = await authenticate(core.req).catch(async (e) => {
      await core.limit(`addr:${core.address}`);
      throw e;
    });
    core.logFields.tokenId = principal.tokenId;
    await core.limit(`tok:${principal.tokenId}`);
    if (!hasScope(principal, ...scopes)) {
      throw new AppError("forbidden", `This route needs one of the scopes: ${scopes.join(", ")}.`);
    }
    return handler({
      req: core.req,
      url: core.url,
      principal,
      params: await params,
      correlationId: core.correlationId,
      scope: requestScope(principal),
      own: { teamId: principal.teamId, tokenId: principal.tokenId },
    });
  });
}
