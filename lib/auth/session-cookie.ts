// The session cookie of a request served outside Next.js (the realtime layer's browser stream,
// lib/http/endpoints/ui-events.ts): the same cookie next-auth reads for pages and /api/ui routes,
// decoded by next-auth's own getToken with the same secret. It names the user; the user and their
// teams are then re-read from the database, as currentUser() does.
import type { IncomingMessage } from "node:http";
import { getToken } from "next-auth/jwt";
import { env } from "../config/env";
import { authSecret } from "./secret";

type TokenRequest = Parameters<typeof getToken>[0]["req"];

/** `Cookie: a=1; b=2` → { a: "1", b: "2" } (the first of a repeated name wins, as browsers send the most specific first). */
function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? "").split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (name in out) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  }
  return out;
}

/**
 * next-auth names its cookie `__Secure-…` when its origin is https: NEXTAUTH_URL when set, else the
 * request's protocol (x-forwarded-proto from a trusted proxy, else the socket's; lib/api/intake.ts
 * has dropped an untrusted one). The same rule as next-auth's detectOrigin under AUTH_TRUST_HOST.
 */
function secureCookie(req: IncomingMessage): boolean {
  const configured = env().NEXTAUTH_URL;
  if (configured) return configured.startsWith("https://");
  const forwarded = req.headers["x-forwarded-proto"];
  const proto = typeof forwarded === "string" ? forwarded : "encrypted" in req.socket && req.socket.encrypted ? "https" : "http";
  return proto !== "http";
}

/** The signed-in user's id, or null (no cookie, a cookie that does not decode, or an expired one). */
export async function sessionUserId(req: IncomingMessage): Promise<string | null> {
  // Only the cookies, no headers: getToken would also take an `Authorization: Bearer` header as the
  // session. It reads nothing else of the request (its type asks for a whole IncomingMessage).
  const cookiesOnly = { cookies: parseCookies(req.headers.cookie), headers: {} } as unknown as TokenRequest;
  const token = await getToken({ req: cookiesOnly, secret: authSecret(), secureCookie: secureCookie(req) });
  const uid = token?.uid;
  return typeof uid === "string" && uid ? uid : null;
}
