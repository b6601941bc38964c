// Runs before every page: a per-request CSP nonce (Next.js reads it from the request's
// Content-Security-Policy header and stamps its own scripts; the root layout stamps the theme
// script from x-nonce), and PATH_HEADER, so requireUser() can send a signed-out visitor to
// /signin?next=<path> and back. Client-sent values of these headers are overwritten.
import { NextResponse, type NextRequest } from "next/server";
import { newNonce, pagePolicy } from "./lib/api/security-headers";

export function proxy(req: NextRequest) {
  const nonce = newNonce();
  const policy = pagePolicy(nonce, process.env.NODE_ENV === "development");
  const headers = new Headers(req.headers);
  headers.set("x-oq-path", req.nextUrl.pathname + req.nextUrl.search);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", policy);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", policy);
  return res;
}

export const config = {
  // Pages only: API routes get a fixed policy from next.config.mjs; static files need none.
  matcher: [
    {
      source: "/((?!api/|_next/static|_next/image|favicon.ico).*)",
      missing: [{ type: "header", key: "next-router-prefetch" }],
    },
  ],
};
