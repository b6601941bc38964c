// The admin CLI as the suites run it: scripts/admin.ts compiled once per test run by esbuild
// (the transform tsx repeats in every process: ~1.7 s of CPU per call, and the suites make a few
// hundred calls). Same sources, same process boundary; tests/api/cli.test.ts also runs
// `npm run admin` itself, through tsx, as a user does.
import { existsSync, mkdirSync, renameSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { ROOT } from "./server";

const BUNDLE = path.join(ROOT, "node_modules/.cache/oq-tests/admin.mjs");

/** Called by the global setups: compiles the current sources (written aside, then renamed). */
export async function bundleAdmin(): Promise<void> {
  mkdirSync(path.dirname(BUNDLE), { recursive: true });
  const tmp = `${BUNDLE}.${process.pid}.tmp.mjs`;
  await build({
    entryPoints: [path.join(ROOT, "scripts/admin.ts")],
    outfile: tmp,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    alias: { "@": ROOT },
    logLevel: "warning",
  });
  renameSync(tmp, BUNDLE);
}

/** The command line for the admin CLI: the bundle when a global setup made it, else tsx. */
export function adminCommand(): string[] {
  return existsSync(BUNDLE) ? [BUNDLE] : [path.join(ROOT, "node_modules/tsx/dist/cli.mjs"), "scripts/admin.ts"];
}
