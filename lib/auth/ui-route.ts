// The one wrapper for cookie-authenticated JSON routes under /api/ui/**: session, role, CSRF
// (same-origin `Origin` on every non-GET), JSON-only bodies, errors as problem+json.
import { randomUUID } from "node:crypto";
import { toProblem } from "../api/handler";
import { AppError } from "../errors";
import { log } from "../log";
import { currentUser, teamIdsWithRole, type Role, type SessionUser } from "./session";

export type UiContext<P> = { req: Request; url: URL; user: SessionUser; teamIds: string[]; params: P };
type RouteContext<P> = { params: Promise<P> };

/** Origins this request may legitimately come from: its own URL, and the Host it was sent to. */
function ownOrigins(req: Request, url: URL): Set<string> {
  const origins = new Set([url.origin]);
  const proto = req.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() || url.protocol.replace(":", "");
  for (const host of [req.headers.get("x-forwarded-host")?.split(",")[0]?.trim(), req.headers.get("host")]) {
    if (host) origins.add(`${proto}://${host}`);
  }
  return origins;
}

/** Cross-site request forgery guard: a browser always sends Origin on a cross-site POST. */
export function checkSameOrigin(req: Request, url: URL): void {
  const origin = req.headers.get("origin");
  if (!origin || origin === "null" || !ownOrigins(req, url).has(origin)) {
    throw new AppError("forbidden", "Cross-site request refused: the Origin header must match this site.");
  }
}

/** JSON only: a form post (which needs no CORS preflight) can never reach a mutation. */
function checkJson(req: Request): void {
  const type = req.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]+\+)?json\b/i.test(type)) {
    throw new AppError("unsupported_media_type", "Send the body as application/json.");
  }
}

export function uiRoute<P = Record<string, never>>(
  min: Role,
  handler: (ctx: UiContext<P>) => Promise<Response>,
): (req: Request, route: RouteContext<P>) => Promise<Response> {
  return async (req, route) => {
    const correlationId = randomUUID();
    const url = new URL(req.url);
    let response: Response;
    let userId: string | undefined;
    try {
      const mutation = !isSafe(req.method);
      if (mutation) checkSameOrigin(req, url);
      const user = await currentUser();
      if (!user) throw new AppError("unauthorized", "Sign in first.");
      userId = user.id;
      const teamIds = teamIdsWithRole(user, min);
      if (teamIds.length === 0) throw new AppError("forbidden", `This needs the ${min} role in a team.`);
      if (mutation) checkJson(req);
      response = await handler({ req, url, user, teamIds, params: await route.params });
    } catch (e) {
      response = toProblem(e, correlationId, req.method, url.pathname);
    }
    response.headers.set("x-request-id", correlationId);
    if (!isSafe(req.method) || response.status >= 400) {
      log.info({ rid: correlationId, method: req.method, path: url.pathname, status: response.status, userId }, "ui");
    }
    return response;
  };
}

const isSafe = (method: string) => method === "GET" || method === "HEAD";
