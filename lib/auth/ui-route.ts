// The one wrapper for cookie-authenticated JSON routes under /api/ui/**: the route core
// (lib/api/core.ts), then CSRF (same-origin `Origin` on every non-GET), the session and role,
// JSON-only bodies, and the user's budget.
import { routeCore, type RouteContext } from "../api/core";
import type { AuditWho } from "../audit/entry";
import { AppError } from "../errors";
import { currentUser, teamIdsWithRole, type Role, type SessionUser } from "./session";

export type UiContext<P> = {
  req: Request;
  url: URL;
  user: SessionUser;
  teamIds: string[];
  params: P;
  correlationId: string;
  address: string;
  /** the user and their address, as the audit trail names them */
  who: AuditWho;
};

/** Origins this request may legitimately come from: its own URL, and the Host it was sent to. */
function ownOrigins(req: Request, url: URL): Set<string> {
  const origins = new Set([url.origin]);
  // X-Forwarded-* are true values here: client-sent ones are dropped unless TRUST_PROXY is set.
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
  return routeCore<P>({ name: "ui" }, async (core, params) => {
    const { req, url } = core;
    const mutation = !isSafe(req.method);
    if (mutation) checkSameOrigin(req, url);
    const user = await currentUser();
    if (!user) {
      await core.limit(`addr:${core.address}`);
      throw new AppError("unauthorized", "Sign in first.");
    }
    core.logFields.userId = user.id;
    await core.limit(`user:${user.id}`);
    const teamIds = teamIdsWithRole(user, min);
    if (teamIds.length === 0) throw new AppError("forbidden", `This needs the ${min} role in a team.`);
    if (mutation) checkJson(req);
    return handler({ req, url, user, teamIds, params: await params, correlationId: core.correlationId, address: core.address, who: { actor: user.email, address: core.address } });
  });
}

const isSafe = (method: string) => method === "GET" || method === "HEAD";
