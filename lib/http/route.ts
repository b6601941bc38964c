// The route core of the realtime routes (lib/http/realtime.ts) on node's own request and response:
// the same steps as Next's route files get from routeCore + apiRoute (lib/api/core.ts,
// lib/api/handler.ts) — in-flight count, refusal while draining, correlation id, bearer auth with
// budgets, scope check, problem+json, one log line — with no web Request or Response in between:
// an open wait holds only what it needs.
import type { IncomingMessage, ServerResponse } from "node:http";
import { parseQuery, readJson } from "../api/body";
import { clientAddress } from "../api/client-address";
import { correlationIdOf, problemFor } from "../api/core";
import { authorize, schema, type ApiContext, type ParamsOf } from "../api/handler";
import { inflight } from "../api/inflight";
import type { Reply } from "../api/problem";
import type { RouteSpec } from "../api/routes";
import { requestScope } from "../auth/principal";
import { env } from "../config/env";
import { AppError } from "../errors";
import { requestLog } from "../log";
import { shutdown } from "../shutdown";
import { headerOf } from "./headers";
import { setFixedHeaders, writeReply } from "./reply";

/** What a Next route's handler gets (ApiContext), on node's own request and response. */
export type RealtimeContext<R extends RouteSpec> = Omit<ApiContext<R>, "req" | "own"> & {
  req: IncomingMessage;
  res: ServerResponse;
  /** Aborted when the client goes away before the answer is written. */
  signal: AbortSignal;
};

/** A Reply to write, or null: the handler has taken the response over (an event stream, MCP's transport). */
export type RealtimeHandler<R extends RouteSpec> = (ctx: RealtimeContext<R>) => Promise<Reply | null>;
export type Served = (req: IncomingMessage, res: ServerResponse, params: Record<string, string>) => Promise<void>;

export function realtimeRoute<R extends RouteSpec>(spec: R, handler: RealtimeHandler<R>): Served {
  const scopes = spec.scopes ?? [];
  return async (req, res, params) => {
    const started = performance.now();
    const method = req.method ?? "GET";
    const correlationId = correlationIdOf(headerOf(req, "x-request-id"));
    // As Next does for its routes: the peer address when no (trusted) X-Forwarded-For is left.
    req.headers["x-forwarded-for"] ??= req.socket.remoteAddress;
    const address = clientAddress(req.headers, env().TRUST_PROXY);
    const url = new URL(req.url ?? "/", "http://localhost");
    const path = url.pathname;
    const controller = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) controller.abort();
    });
    setFixedHeaders(res, correlationId);
    const logFields: Record<string, unknown> = {};
    let reply: Reply | null;
    inflight.enter();
    try {
      if (shutdown.isDraining) throw new AppError("unavailable", "The server is shutting down; retry.", undefined, { "retry-after": "1" });
      const principal = await authorize(req, address, scopes, logFields);
      reply = await handler({
        req,
        res,
        url,
        signal: controller.signal,
        principal,
        params: params as ParamsOf<R>,
        body: (() => readJson(req, schema(spec.body, spec, "body"))) as RealtimeContext<R>["body"],
        query: (() => parseQuery(url, schema(spec.query, spec, "query"))) as RealtimeContext<R>["query"],
        correlationId,
        address,
        scope: requestScope(principal),
      });
    } catch (e) {
      reply = problemFor(e, correlationId, method, path);
    } finally {
      inflight.leave();
    }
    if (reply) writeReply(res, reply);
    // Reads too, as the agent API's Next routes log them (apiRoute's logReads).
    const status = reply?.status ?? res.statusCode;
    requestLog.info({ rid: correlationId, method, path, status, ms: Math.round(performance.now() - started), ...logFields }, "api");
  };
}
