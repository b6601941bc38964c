// The one wrapper every /api/v1 handler goes through: correlation id, rate limit, bearer auth,
// scope check, error → problem+json, one log line. Handlers stay parse → domain call → respond.
import { randomUUID } from "node:crypto";
import { authenticate } from "../auth/authenticate";
import { hasScope, type Principal } from "../auth/principal";
import type { Scope } from "../auth/tokens";
import { AppError } from "../errors";
import { hub } from "../events/hub";
import { log } from "../log";
import { problem } from "./problem";
import { rateLimit } from "./rate-limit";
import { clientAddress } from "./client-address";
import { env } from "../config/env";
import { inflight } from "./inflight";
import { shutdown } from "../shutdown";

export type ApiContext<P> = { req: Request; url: URL; principal: Principal; params: P; correlationId: string };
type RouteContext<P> = { params: Promise<P> };

export function apiRoute<P = Record<string, never>>(
  scopes: Scope[],
  handler: (ctx: ApiContext<P>) => Promise<Response>,
): (req: Request, route: RouteContext<P>) => Promise<Response> {
  return async (req, route) => {
    const started = performance.now();
    const correlationId = req.headers.get("x-request-id")?.slice(0, 64) || randomUUID();
    const url = new URL(req.url);
    let principal: Principal | undefined;
    let response: Response;
    inflight.enter();
    try {
      if (shutdown.isDraining) {
        throw new AppError("unavailable", "The server is shutting down; retry.", undefined, { "retry-after": "1" });
      }
      await hub.ready();
      const address = clientAddress(req.headers, env().TRUST_PROXY);
      principal = await authenticate(req).catch(async (e) => {
        await rateLimit(`addr:${address}`);
        throw e;
      });
      await rateLimit(`tok:${principal.tokenId}`);
      if (!hasScope(principal, ...scopes)) {
        throw new AppError("forbidden", `This route needs one of the scopes: ${scopes.join(", ")}.`);
      }
      response = await handler({ req, url, principal, params: await route.params, correlationId });
    } catch (e) {
      response = toProblem(e, correlationId, req.method, url.pathname);
    } finally {
      inflight.leave();
    }
    response.headers.set("x-request-id", correlationId);
    log.info(
      { rid: correlationId, method: req.method, path: url.pathname, status: response.status, ms: Math.round(performance.now() - started), tokenId: principal?.tokenId },
      "api",
    );
    return response;
  };
}

export function toProblem(e: unknown, correlationId: string, method: string, path: string): Response {
  if (e instanceof AppError) return problem(e, correlationId);
  // Unknown failures are logged by name and code only: messages may carry input values.
  const err = e as { name?: string; code?: string };
  log.error({ rid: correlationId, method, path, error: err?.name, code: err?.code }, "unhandled error");
  return problem(new AppError("internal", `Something went wrong; quote ${correlationId} when reporting it.`), correlationId);
}
