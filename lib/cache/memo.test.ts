import { describe, expect, it } from "vitest";
import { Memo, type Loaded } from "./memo";

const loader = <T>(value: T, tags: string[] = [], cache = true) => {
  let calls = 0;
  const load = async (): Promise<Loaded<T>> => {
    calls++;
    return { value, tags, cache };
  };
  return { load, calls: () => calls };
};

describe("Memo", () => {
  it("loads once and then serves from the cache", async () => {
    const m = new Memo(10);
    const l = loader("v");
    expect(await m.load("k", 60_000, l.load)).toBe("v");
    expect(await m.load("k", 60_000, l.load)).toBe("v");
    expect(l.calls()).toBe(1);
  });

  it("does not store results marked not cacheable, nor anything with a TTL of 0", async () => {
    const m = new Memo(10);
    const refused = loader(null, [], false);
    await m.load("k", 60_000, refused.load);
    await m.load("k", 60_000, refused.load);
    expect(refused.calls()).toBe(2);
    const off = loader("v");
    await m.load("o", 0, off.load);
    await m.load("o", 0, off.load);
    expect(off.calls()).toBe(2);
  });

  it("drops every entry carrying an invalidated tag, and only those", async () => {
    const m = new Memo(10);
    m.set("a", 1, 60_000, ["token:1", "team:x"]);
    m.set("b", 2, 60_000, ["token:2", "team:x"]);
    m.set("c", 3, 60_000, ["token:3", "team:y"]);
    m.invalidate(["token:1"]);
    expect(m.get("a")).toBeUndefined();
    expect(m.get("b")).toBe(2);
    m.invalidate(["team:x"]);
    expect(m.get("b")).toBeUndefined();
    expect(m.get("c")).toBe(3);
  });

  it("does not store a load that overlapped an invalidation (it may have read the old row)", async () => {
    const m = new Memo(10);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const pending = m.load("k", 60_000, async () => {
      await gate;
      return { value: "old", tags: ["token:1"] };
    });
    m.invalidate(["token:1"]);
    release();
    expect(await pending).toBe("old");
    expect(m.get("k")).toBeUndefined();
  });

  it("expires entries after their TTL", async () => {
    const m = new Memo(10);
    m.set("k", 1, 1, []);
    await new Promise((r) => setTimeout(r, 10));
    expect(m.get("k")).toBeUndefined();
  });

  it("evicts the least recently used entry beyond its size", () => {
    const m = new Memo(2);
    m.set("a", 1, 60_000, ["t"]);
    m.set("b", 2, 60_000, ["t"]);
    m.get("a");
    m.set("c", 3, 60_000, ["t"]);
    expect(m.get("b")).toBeUndefined();
    expect(m.get("a")).toBe(1);
    expect(m.get("c")).toBe(3);
    expect(m.size).toBe(2);
  });

  it("clear() drops everything, and beforeRead runs before every read", () => {
    const m = new Memo(10);
    m.set("a", 1, 60_000, []);
    let reads = 0;
    m.beforeRead = () => reads++;
    expect(m.get("a")).toBe(1);
    m.clear();
    expect(m.get("a")).toBeUndefined();
    expect(reads).toBe(2);
  });
});
