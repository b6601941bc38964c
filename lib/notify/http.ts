// One outbound POST, hardened: http(s) only, an optional host allow-list, the name resolved once
// and that address used for the connection (no DNS rebinding between check and connect), no
// redirects followed, a timeout for the whole exchange, and at most RESPONSE_CAP bytes read.
import { lookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";

const RESPONSE_CAP = 64 * 1024;
const EXCERPT = 200;

export type PostResult = { ok: boolean; status: number | null; excerpt: string | null; error: string | null; /** from a 429's or 503's Retry-After */ retryAfterMs: number | null };

export class OutboundRefused extends Error {}

/** Exact host names, or `*.example.com` for its subdomains. */
export function hostAllowed(hostname: string, allow: string[]): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  return allow.some((a) => (a.startsWith("*.") ? host.endsWith(a.slice(1)) && host.length > a.length - 1 : host === a));
}

export function parseOutboundUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused("not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundRefused("only http and https URLs are allowed");
  if (url.username || url.password) throw new OutboundRefused("credentials in the URL are not allowed");
  return url;
}

export function excerpt(text: string): string | null {
  const clean = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").trim();
  if (!clean) return null;
  return clean.length > EXCERPT ? `${clean.slice(0, EXCERPT)}…` : clean;
}

/** Retry-After as seconds or an HTTP date, in ms from now; null when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | null {
  const v = Array.isArray(header) ? header[0] : header;
  if (!v) return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim()) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function postJson(rawUrl: string, body: string, headers: Record<string, string>, opts: { timeoutMs: number; allowHosts?: string[] }): Promise<PostResult> {
  return postBytes(rawUrl, Buffer.from(body), { "content-type": "application/json", ...headers }, opts);
}

export async function postBytes(
  rawUrl: string,
  body: Buffer,
  headers: Record<string, string>,
  opts: { timeoutMs: number; allowHosts?: string[] },
): Promise<PostResult> {
  const url = parseOutboundUrl(rawUrl);
  if (opts.allowHosts && !hostAllowed(url.hostname, opts.allowHosts)) throw new OutboundRefused(`host ${url.hostname} is not allowed`);
  const deadline = AbortSignal.timeout(opts.timeoutMs);
  let address: { address: string; family: number };
  try {
    address = await lookup(url.hostname.replace(/^\[|\]$/g, ""));
  } catch (e) {
    return { ok: false, status: null, excerpt: null, error: `could not resolve the host (${(e as { code?: string }).code ?? "DNS error"})`, retryAfterMs: null };
  }
  const pinned: LookupFunction = (_host, options, cb) => {
    if (options.all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [address]);
    else cb(null, address.address, address.family);
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise<PostResult>((resolve) => {
    const req = client.request(
      url,
      {
        method: "POST",
        lookup: pinned,
        agent: false, // a fresh connection to the pinned address; no pooled socket to another one
        signal: deadline,
        headers: { "content-length": String(body.length), "user-agent": "OpenOxide-Questions", ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const status = res.statusCode ?? 0;
          const text = Buffer.concat(chunks).toString("utf8");
          const ok = status >= 200 && status < 300;
          const error = ok ? null : status >= 300 && status < 400 ? `HTTP ${status} (redirects are not followed)` : `HTTP ${status}`;
          resolve({ ok, status, excerpt: excerpt(text), error, retryAfterMs: status === 429 || status === 503 ? retryAfterMs(res.headers["retry-after"]) : null });
        };
        res.on("data", (c: Buffer) => {
          if (size >= RESPONSE_CAP) return;
          chunks.push(c.subarray(0, RESPONSE_CAP - size));
          size += c.length;
          if (size >= RESPONSE_CAP) {
            res.destroy();
            done();
          }
        });
        res.on("end", done);
        res.on("error", () => done());
      },
    );
    req.on("error", (e: Error & { code?: string }) => {
      const timedOut = deadline.aborted;
      resolve({ ok: false, status: null, excerpt: null, error: timedOut ? `timed out after ${opts.timeoutMs} ms` : `connection failed (${e.code ?? e.name})`, retryAfterMs: null });
    });
    req.end(body);
  });
}
