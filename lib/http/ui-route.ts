// uiRoute (lib/auth/ui-route.ts) for the browser's routes the realtime layer serves (lib/http/realtime.ts)
// on node's own request and response: in-flight count, refusal while draining, correlation id, the
// session cookie → the user re-read from the database (lib/auth/session-cookie.ts), the user's
// budget (signed out: the address's), the role, problem+json, and a log line for failures (uiRoute
// logs no successful reads). GET only: a mutation would need uiRoute's Origin and JSON checks too.
import type { IncomingMessage, ServerResponse } from "node:http";
import { clientAddress } from "../api/client-address";
import { correlationIdOf, problemFor } from "../api/core";
import { inflight } from "../api/inflight";
import type { Reply } from "../api/problem";
import { rateLimit } from "../api/rate-limit";
import type { Role } from "../auth/roles";
import { sessionUserId } from "../auth/session-cookie";
import { loadUser, teamIdsWithRole, type SessionUser } from "../auth/session-user";
import { env } from "../config/env";
import { AppError } from "../errors";
import { hub } from "../events/hub";
import { requestLog } from "../log";
import { shutdown } from "../shutdown";
import { headerOf } from "./headers";
import { setFixedHeaders, writeReply } from "./reply";
import type { Served } from "./route";

export type RealtimeUiContext = {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  user: SessionUser;
  /** The teams where the user holds the route's role. */
  teamIds: string[];
};

/** A Reply to write, or null: the handler has taken the response over (an event stream). */
export function realtimeUiRoute(min: Role, handler: (ctx: RealtimeUiContext) => Promise<Reply | null>): Served {
  return async (req, res) => {
    const started = performance.now();
    const method = req.method ?? "GET";
    const correlationId = correlationIdOf(headerOf(req, "x-request-id"));
    req.headers["x-forwarded-for"] ??= req.socket.remoteAddress;
    const address = clientAddress(req.headers, env().TRUST_PROXY);
    const url = new URL(req.url ?? "/", "http://localhost");
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
      await hub.ready();
      const id = await sessionUserId(req);
      const user = id ? await loadUser(id) : null;
      if (!user) {
        await rateLimit(`addr:${address}`);
        throw new AppError("unauthorized", "Sign in first.");
      }
      logFields.userId = user.id;
      await rateLimit(`user:${user.id}`);
      const teamIds = teamIdsWithRole(user, min);
      if (teamIds.length === 0) throw new AppError("forbidden", `This needs the ${min} role in a team.`);
      reply = await handler({ req, res, url, signal: controller.signal, user, teamIds });
    } catch (e) {
      reply = problemFor(e, correlationId, method, url.pathname);
    } finally {
      inflight.leave();
    }
    if (reply) writeReply(res, reply);
    const status = reply?.status ?? res.statusCode;
    if (status >= 400) requestLog.info({ rid: correlationId, method, path: url.pathname, status, ms: Math.round(performance.now() - started), ...logFields }, "ui");
  };
}
