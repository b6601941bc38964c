// The admin CLI as the suites run it: scripts/admin.ts compiled once per test run by esbuild
// (the transform tsx repeats in every process: ~1.7 s of CPU per call, and the suites make a few
// hundred calls). Same sources, same process boundary; tests/api/cli.test.ts also runs
// `npm run admin` itself, through tsx, as a user does. Split into chunks so the command groups
// the CLI loads on demand (scripts/admin.ts, GROUPS) stay out of the other commands' start.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, symlinkSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { ROOT } from "./server";

const CACHE = path.join(ROOT, "node_modules/.cache/oq-tests");
const CURRENT = path.join(CACHE, "admin"); // a symlink to the latest build's folder
const ENTRY = path.join(CURRENT, "admin.mjs");

/** Called by the global setups: compiles the current sources (into a new folder, then the link is swapped). */
export async function bundleAdmin(): Promise<void> {
  mkdirSync(CACHE, { recursive: true });
  const name = `admin-${process.pid}-${Date.now()}`;
  await build({
    entryPoints: { admin: path.join(ROOT, "scripts/admin.ts") },
    outdir: path.join(CACHE, name),
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    alias: { "@": ROOT },
    logLevel: "warning",
  });
  // Two global setups may build at once (test:pg runs two projects side by side): each swaps the
  // link atomically, and builds older than an hour (no run still using them) are removed.
  const link = `${CURRENT}.${process.pid}.tmp`;
  symlinkSync(name, link);
  renameSync(link, CURRENT);
  for (const old of readdirSync(CACHE)) {
    const p = path.join(CACHE, old);
    if (old.startsWith("admin-") && old !== name && Date.now() - statSync(p).mtimeMs > 3_600_000) rmSync(p, { recursive: true, force: true });
  }
}

/** The command line for the admin CLI: the bundle when a global setup made it, else tsx. */
export function adminCommand(): string[] {
  return existsSync(ENTRY) ? [ENTRY] : [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/admin.ts"];
}
