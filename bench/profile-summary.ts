// Summarises a V8 .cpuprofile (from `npm run bench -- --cpu-prof`): self time by function and by
// package, so "what does the profile show" has an answer without opening DevTools.
// Usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [top=25]
import { readFileSync } from "node:fs";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error("usage: tsx bench/profile-summary.ts <file.cpuprofile> [top]");
  process.exit(2);
}
const top = Number(topArg || 25);
const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

/** Which package a script belongs to: node_modules/<pkg>, node: internals, or the app itself. */
function area(url: string): string {
  if (!url) return "(native / V8)";
  if (url.startsWith("node:")) return "node:" + url.slice(5).split("/")[0];
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.includes("/.next/server/chunks/")) return "app bundle (.next/server/chunks)";
  if (url.includes("/.next/")) return "next build output";
  return url.replace(/^file:\/\//, "");
}

const fnTotals = new Map<string, number>();
const areaTotals = new Map<string, number>();
for (const [id, us] of selfUs) {
  const n = byId.get(id)!;
  const cf = n.callFrame;
  const name = cf.functionName || "(anonymous)";
  const key = ["(idle)", "(program)", "(garbage collector)"].includes(name) ? name : `${name} — ${area(cf.url)}:${cf.lineNumber + 1}`;
  fnTotals.set(key, (fnTotals.get(key) ?? 0) + us);
  const a = ["(idle)", "(program)", "(garbage collector)"].includes(name) ? name : area(cf.url);
  areaTotals.set(a, (areaTotals.get(a) ?? 0) + us);
}
const print = (title: string, m: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`);
  }
};
console.log(`${file}: ${(total / 1e6).toFixed(1)} s sampled`);
print("self time by package", areaTotals);
print("self time by function", fnTotals);
