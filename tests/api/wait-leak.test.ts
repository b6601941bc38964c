// Item: ended waits must leave nothing behind. 5,000 long-polls and 5,000 event streams, run
// in-process by bench/probes/wait-leak.ts under --expose-gc, must leave the heap flat (before the
// fix each one left a reaction on the process-lifetime shutdown promise: ~5 KB each, ~25 MB here
// against the 2 MB bound).
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/server";

describe("waits and streams leave the heap flat", () => {
  it("5,000 long-polls and streams grow the heap by less than 2 MB", () => {
    const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", "bench/probes/wait-leak.ts", "5000"], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: "" },
      stdio: ["ignore", "pipe", "ignore"],
    });
    const result = JSON.parse(out.trim().split("\n").at(-1)!) as { n: number; growth: number };
    expect(result.n).toBe(5_000);
    expect(result.growth).toBeLessThan(2 * 1024 * 1024);
  }, 400_000);
});
