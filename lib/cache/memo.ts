// A small in-process cache: least-recently-used (10,000 entries), a time to live per entry, and
// tags (`token:<id>`, `team:<id>`, …) that invalidate() clears by (lib/cache/invalidate.ts).
// Correctness comes from invalidation; the TTL only bounds how long a missed one could last.
// One instance per process (the core package is loaded once).

/** What a loader returns: the value, the tags that clear it, and whether to keep it (default yes). */
export type Loaded<V> = { value: V; tags: readonly string[]; cache?: boolean };

type Entry = { value: unknown; expires: number; tags: readonly string[] };

export class Memo {
  private readonly entries = new Map<string, Entry>();
  private readonly byTag = new Map<string, Set<string>>();
  /** Bumped by every invalidation: a load that overlapped one is not kept (it may predate the change). */
  private generation = 0;
  /** Runs before every read: on SQLite it looks for another process's invalidation (lib/cache/invalidate.ts). */
  beforeRead: (() => void) | null = null;

  constructor(readonly max = 10_000) {}

  get size(): number {
    return this.entries.size;
  }

  get<V>(key: string): V | undefined {
    this.beforeRead?.();
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= Date.now()) {
      this.drop(key);
      return undefined;
    }
    // Re-insert: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value as V;
  }

  set(key: string, value: unknown, ttlMs: number, tags: readonly string[]): void {
    this.drop(key);
    this.entries.set(key, { value, expires: Date.now() + ttlMs, tags });
    for (const t of tags) {
      let keys = this.byTag.get(t);
      if (!keys) this.byTag.set(t, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > this.max) this.drop(this.entries.keys().next().value!);
  }

  /** The cached value for `key`, else `load()`'s, kept for `ttlMs` (0: never kept). */
  async load<V>(key: string, ttlMs: number, load: () => Promise<Loaded<V>>): Promise<V> {
    const hit = this.get<{ v: V }>(key);
    if (hit) return hit.v;
    const before = this.generation;
    const loaded = await load();
    if (ttlMs > 0 && loaded.cache !== false && this.generation === before) this.set(key, { v: loaded.value }, ttlMs, loaded.tags);
    return loaded.value;
  }

  /** Drops every entry carrying one of `tags`. */
  invalidate(tags: readonly string[]): void {
    this.generation++;
    for (const t of tags) for (const key of [...(this.byTag.get(t) ?? [])]) this.drop(key);
  }

  /** Drops everything (when invalidations may have been missed). */
  clear(): void {
    this.generation++;
    this.entries.clear();
    this.byTag.clear();
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    for (const t of e.tags) {
      const keys = this.byTag.get(t);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(t);
    }
  }
}

/** The process's cache. */
export const memo: Memo = new Memo();
