// The build's scripts go out compressed (lib/http/static-assets.ts): Brotli or gzip as the browser
// asks, byte for byte the file Next serves uncompressed, with the immutable cache policy and the
// security headers; a client that accepts no encoding gets the plain file, and a path outside the
// build's static files is never read.
import http from "node:http";
import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";

const baseUrl = inject("baseUrl");
let script: string;

/** A raw GET (fetch would decode the body and hide Content-Encoding). */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

beforeAll(async () => {
  const page = await (await fetch(`${baseUrl}/signin`)).text();
  // The largest script the sign-in page loads: the framework chunk every page shares.
  const scripts = [...page.matchAll(/src="(\/_next\/static\/chunks\/[^"?]+\.js)"/g)].map((m) => m[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  const sizes = await Promise.all(scripts.map(async (s) => ({ s, n: (await get(s)).body.length })));
  script = sizes.sort((a, b) => b.n - a.n)[0]!.s;
});

describe("static scripts", () => {
  it("go out with Brotli when the browser accepts it, the same bytes as the plain file", async () => {
    const plain = await get(script);
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const br = await get(script, { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
  });

  it("go out gzipped to a client that refuses Brotli", async () => {
    const plain = await get(script);
    const gz = await get(script, { "accept-encoding": "br;q=0, gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });

  it("a path that leaves the static folder is not served from it", async () => {
    const res = await get("/_next/static/..%2F..%2Fpackage.json", { "accept-encoding": "br" });
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain("openoxide-questions");
  });
});
