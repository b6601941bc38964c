// The Content-Security-Policy of pages, with a nonce per request (set by proxy.ts). The fixed
// headers of every response (nosniff, Referrer-Policy, the API's policy) are in next.config.mjs.

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
