// The Content-Security-Policy of pages, with a nonce per request (set by proxy.ts), and the fixed
// headers of every response: next.config.mjs gives them to Next's responses, the realtime routes
// (lib/http/reply.ts) and the intake's refusals write them themselves.

/** For every response. */
export const COMMON_HEADERS: readonly { key: string; value: string }[] = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "X-Frame-Options", value: "DENY" },
];

/** JSON, CSV and event streams never render as documents. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** What every /api response carries, lower-cased for node's writeHead. */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...Object.fromEntries(COMMON_HEADERS.map((h) => [h.key.toLowerCase(), h.value])),
  "content-security-policy": API_POLICY,
});

/** A fresh, unguessable nonce per page view (16 random bytes, base64). */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * Scripts run only from this origin with the page's nonce ('strict-dynamic' lets those load
 * their chunks); no page may be framed. Inline style attributes stay allowed: they cannot run
 * code. `next dev` needs eval for its overlay and fast refresh.
 */
export function pagePolicy(nonce: string, dev = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
