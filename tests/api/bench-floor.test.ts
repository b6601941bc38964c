// The benchmark's bare-route floor (app/api/bench/floor) is not served by a production server: the
// suite's server is started as `npm start` is, without BENCH_FLOOR (only bench/lib/server.ts sets it).
import { expect, inject, it } from "vitest";

const base = inject("baseUrl");

it("answers 404 to GET and POST /api/bench/floor without BENCH_FLOOR, beside a route that is served", async () => {
  expect((await fetch(`${base}/api/health`)).status).toBe(200);
  const get = await fetch(`${base}/api/bench/floor`);
  const post = await fetch(`${base}/api/bench/floor`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  expect([get.status, post.status]).toEqual([404, 404]);
  expect(await post.text()).not.toContain("ok");
});
