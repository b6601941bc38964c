// The browser entry (and the Claude Code mapping) must load where only web APIs exist: no Node
// built-in may be reachable from them through any import.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SRC = import.meta.dirname;

/** Every module reachable from `entry`, and every bare or `node:` specifier they import. */
function graph(entry: string): { files: string[]; external: string[] } {
  const files = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"/gm)) {
      const spec = m[1]!;
      if (spec.startsWith(".")) visit(path.resolve(path.dirname(file), spec.replace(/\.js$/, ".ts")));
      else external.add(spec);
    }
  };
  visit(path.join(SRC, entry));
  return { files: [...files].map((f) => path.relative(SRC, f)), external: [...external] };
}

describe("browser-safe entries", () => {
  it.each(["index.ts", "claude-code/index.ts", "fit.ts"])("%s imports nothing but web APIs and eventsource-parser", (entry) => {
    const { files, external } = graph(entry);
    expect(files.length).toBeGreaterThan(0);
    expect(files.filter((f) => f.startsWith("cli/"))).toEqual([]);
    expect(external.filter((s) => s !== "eventsource-parser")).toEqual([]);
    for (const f of files) expect(readFileSync(path.join(SRC, f), "utf8"), f).not.toMatch(/\b(?:process|Buffer|require)\s*[.(]/);
  });
});
