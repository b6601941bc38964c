import { describe, expect, it } from "vitest";
import { batched } from "./batched";

/** A lookup whose queries end when the test says, recording the keys of each. */
function gated() {
  const calls: number[][] = [];
  const ends: (() => void)[] = [];
  const lookup = batched<number, number>(1, (keys) => {
    calls.push(keys);
    return new Promise((resolve, reject) => ends.push(() => (keys.includes(-1) ? reject(new Error("bad key")) : resolve(keys.map((k) => k * 10)))));
  });
  return { calls, ends, lookup };
}

describe("batched lookups", () => {
  it("runs a lone key at once, and the keys asked meanwhile together in the next query", async () => {
    const { calls, ends, lookup } = gated();
    const first = lookup(1);
    expect(calls).toEqual([[1]]);
    const rest = [lookup(2), lookup(3), lookup(2)];
    expect(calls).toHaveLength(1);
    ends[0]!();
    expect(await first).toBe(10);
    await Promise.resolve();
    expect(calls).toEqual([[1], [2, 3, 2]]);
    ends[1]!();
    expect(await Promise.all(rest)).toEqual([20, 30, 20]);
  });

  it("fails only the lookups of the query that failed", async () => {
    const { calls, ends, lookup } = gated();
    const first = lookup(-1);
    const second = lookup(4);
    ends[0]!();
    await expect(first).rejects.toThrow("bad key");
    await Promise.resolve();
    expect(calls).toEqual([[-1], [4]]);
    ends[1]!();
    expect(await second).toBe(40);
  });
});
