// The route core every handler runs in — agent API, browser API and public routes alike:
// in-flight count (so shutdown releases the pool after the last request), refusal while
// draining, the correlation id, a rate limit, errors as problem+json, and one log line.
// apiRoute (lib/api/handler.ts), uiRoute (lib/auth/ui-route.ts) and publicRoute add who is calling.
// The realtime routes (lib/http/route.ts) run the same steps on node's own request and response.
import { randomUUID } from "node:crypto";
import { env } from "../config/env";
import { AppError } from "../errors";
import { log, requestLog } from "../log";
import { shutdown } from "../shutdown";
import { clientAddress } from "./client-address";
import { inflight } from "./inflight";
import { problemReply, toResponse, type Reply } from "./problem";
import { rateLimit } from "./rate-limit";

export type RouteContext<P> = { params: Promise<P> };

export type Core = {
  req: Request;
  url: URL;
  correlationId: string;
  /** The client's address (see TRUST_PROXY). */
  address: string;
  /** Spends one unit of the per-minute budget of `key` (429 with Retry-After when gone). */
  limit: (key: string) => Promise<void>;
  /** Fields added to this request's log line (token id, user id; never values). */
  logFields: Record<string, unknown>;
};

type Options = {
  /** The log line's message. */
  name: "api" | "ui" | "public";
  /** Log successful reads too (the agent API does; the browser's polling would be noise). */
  logReads?: boolean;
};

const isSafe = (method: string) => method === "GET" || method === "HEAD";

/** A client-sent X-Request-Id is kept when it is short and printable; otherwise a new one. */
export function correlationIdOf(sent: string | null): string {
  // randomUUID() builds its text by concatenation: a tree of 16 string pieces (~500 B) that an
  // open wait kept for its whole life. One flat copy instead.
  return sent && /^[\x21-\x7e]{1,64}$/.test(sent) ? sent : Buffer.from(randomUUID(), "latin1").toString("latin1");
}

export function routeCore<P>(options: Options, run: (core: Core, params: Promise<P>) => Promise<Response>) {
  return async (req: Request, route: RouteContext<P>): Promise<Response> => {
    const started = performance.now();
    let core: Core | null = {
      req,
      url: new URL(req.url),
      correlationId: correlationIdOf(req.headers.get("x-request-id")),
      address: clientAddress(req.headers, env().TRUST_PROXY),
      limit: rateLimit,
      logFields: {},
    };
    // What the log line needs after the handler, copied out, and `core` dropped once the handler
    // has it: a suspended wait would otherwise keep the URL and the core object alive while open.
    const { correlationId, logFields } = core;
    const method = req.method;
    const path = core.url.pathname;
    let response: Response;
    inflight.enter();
    try {
      if (shutdown.isDraining) {
        throw new AppError("unavailable", "The server is shutting down; retry.", undefined, { "retry-after": "1" });
      }
      const pending = run(core, route.params);
      core = null;
      response = await pending;
    } catch (e) {
      response = toProblem(e, correlationId, method, path);
    } finally {
      inflight.leave();
    }
    response.headers.set("x-request-id", correlationId);
    if (options.logReads || !isSafe(method) || response.status >= 400) {
      const ms = Math.round(performance.now() - started);
      requestLog.info({ rid: correlationId, method, path, status: response.status, ms, ...logFields }, options.name);
    }
    return response;
  };
}

export function toProblem(e: unknown, correlationId: string, method: string, path: string): Response {
  return toResponse(problemFor(e, correlationId, method, path));
}

/** An AppError as its problem+json; anything else as a 500 (logged by name and code only: messages may carry input values). */
export function problemFor(e: unknown, correlationId: string, method: string, path: string): Reply {
  if (e instanceof AppError) return problemReply(e, correlationId);
  const err = e as { name?: string; code?: string };
  log.error({ rid: correlationId, method, path, error: err?.name, code: err?.code }, "unhandled error");
  return problemReply(new AppError("internal", `Something went wrong; quote ${correlationId} when reporting it.`), correlationId);
}

/**
 * Public routes (the API description, tool schemas, health): the core, budgeted per address.
 * Health opts out of the budget: a load balancer polling it must never see 429.
 */
export function publicRoute<P = Record<string, never>>(handler: (ctx: Core & { params: P }) => Promise<Response>, opts: { budget?: boolean } = {}) {
  return routeCore<P>({ name: "public" }, async (core, params) => {
    if (opts.budget !== false) await core.limit(`pub:${core.address}`);
    return handler({ ...core, params: await params });
  });
}
