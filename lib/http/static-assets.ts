// The build's own static files (/_next/static/…: scripts, styles), compressed. Next's `compress`
// stays off (it would buffer the browser's event stream, a Next route), so without this the inbox's
// JavaScript went out uncompressed: 724 KB instead of ~210 KB. The files are content-hashed and never
// change while the server runs, so each is compressed once, on its first request, and kept in memory.
import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { COMMON_HEADERS } from "../api/security-headers";

const PREFIX = "/_next/static/";
const TYPES: Record<string, string> = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".json": "application/json; charset=UTF-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=UTF-8",
};
type Encoding = "br" | "gzip";
// Brotli quality 6: within 10 % of the densest setting at a twentieth of its CPU (~15 ms for the largest chunk).
const COMPRESS: Record<Encoding, (b: Buffer) => Promise<Buffer>> = {
  br: (b) => promisify(zlib.brotliCompress)(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length } }),
  gzip: (b) => promisify(zlib.gzip)(b, { level: 9 }),
};
const FIXED = Object.fromEntries(COMMON_HEADERS.map((h) => [h.key.toLowerCase(), h.value]));

/** The best encoding the client accepts (a `;q=0` refuses one), or null. */
export function pickEncoding(accept: string | undefined): Encoding | null {
  const offered = new Map<string, number>();
  for (const part of (accept ?? "").toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) offered.set(name, q === undefined ? 1 : Number(q));
  }
  for (const e of ["br", "gzip"] as const) if ((offered.get(e) ?? offered.get("*") ?? 0) > 0) return e;
  return null;
}

/** Serves compressed static files from `<dir>/.next/static`; false: not one of them (Next answers). */
export function staticAssets(dir: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const root = path.join(dir, ".next/static");
  let files: Set<string> | null = null;
  const cache = new Map<string, Promise<Buffer>>();
  const list = (): Set<string> =>
    (files ??= new Set(existsSync(root) ? readdirSync(root, { recursive: true, encoding: "utf8" }).map((f) => f.split(path.sep).join("/")) : []));

  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    if (!url.startsWith(PREFIX)) return false;
    const q = url.indexOf("?");
    // The intake has refused paths whose escapes do not decode; only names the build wrote are served.
    const name = decodeURIComponent(url.slice(PREFIX.length, q === -1 ? undefined : q));
    const type = TYPES[path.extname(name)];
    const encoding = pickEncoding(req.headers["accept-encoding"]);
    if (!type || !encoding || !list().has(name)) return false;
    const key = `${encoding}:${name}`;
    let body = cache.get(key);
    if (!body) {
      body = readFile(path.join(root, name)).then(COMPRESS[encoding]);
      cache.set(key, body);
      body.catch(() => cache.delete(key));
    }
    body.then(
      (b) => {
        res.writeHead(200, {
          ...FIXED,
          "content-type": type,
          "content-encoding": encoding,
          "content-length": b.length,
          "cache-control": "public, max-age=31536000, immutable",
          vary: "Accept-Encoding",
        });
        res.end(req.method === "HEAD" ? undefined : b);
      },
      () => {
        res.writeHead(500, { ...FIXED, "content-length": 0 });
        res.end();
      },
    );
    return true;
  };
}
