// Who sent a request, and which X-Forwarded-* headers to believe (TRUST_PROXY, README "proxy").
// Without a trusted proxy, any client could send X-Forwarded-For and rotate it past per-address
// budgets, or X-Forwarded-Host to steer sign-in URLs. So the forwarded headers a client sent are
// dropped as the request arrives (dropUntrustedForwarded); Next.js then fills them from the socket
// (peer address, Host, http/https), and every reader below sees only true values.
import type { IncomingMessage } from "node:http";

const FORWARDED = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "x-real-ip", "forwarded"];

/**
 * Run on every request as it arrives, before any route reads it (lib/api/intake.ts, from
 * lib/http/server.ts's request listener): with no trusted proxy, drops the forwarded headers.
 */
export function dropUntrustedForwarded(req: Pick<IncomingMessage, "headers">, trustProxy: number): void {
  if (trustProxy <= 0) stripForwarded(req);
}

function stripForwarded(req: Pick<IncomingMessage, "headers">): void {
  for (const name of FORWARDED) delete req.headers[name];
}

type HeaderSource = Pick<Headers, "get"> | Record<string, string | string[] | undefined> | undefined;

function header(headers: HeaderSource, name: string): string | undefined {
  if (!headers) return undefined;
  // Headers (a Next route), or node's parsed headers (a realtime route; next-auth's request).
  if (typeof headers.get === "function") return (headers as Pick<Headers, "get">).get(name) ?? undefined;
  const v = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(v) ? v.join(",") : v;
}

/**
 * The client's address: with `trustProxy` proxies in front, the entry that many places from the
 * right of X-Forwarded-For (each proxy appends the address it saw); with none, the peer address
 * (the only entry left once the guard ran). "unknown" when there is nothing to go by.
 */
export function clientAddress(headers: HeaderSource, trustProxy: number): string {
  const hops = (header(headers, "x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  if (hops.length === 0) return "unknown";
  if (trustProxy <= 0) return hops.at(-1)!;
  return hops[Math.max(0, hops.length - trustProxy)]!;
}
