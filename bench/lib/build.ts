// The production build the benchmark serves. Other engineers rebuild `.next` in this checkout while
// they work, and a server whose chunks are replaced mid-run starts failing; so after buildOnce()
// the build is copied, under the same lock, into a private directory that `next start` serves from.
import { cpSync, existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildOnce, withBuildLock } from "../../tests/helpers/build-once";
import { ROOT } from "../../tests/helpers/server";

/** Builds if needed and returns a directory to run `next start` in, with its own copy of `.next`. */
export async function snapshotBuild(): Promise<{ dir: string; dispose: () => void }> {
  await buildOnce();
  const dir = mkdtempSync(path.join(tmpdir(), "oq-bench-app-"));
  await withBuildLock(() => {
    const cache = path.join(ROOT, ".next/cache");
    cpSync(path.join(ROOT, ".next"), path.join(dir, ".next"), { recursive: true, verbatimSymlinks: true, filter: (src) => src !== cache });
  });
  for (const entry of ["node_modules", "package.json", "next.config.mjs", "public"]) {
    if (existsSync(path.join(ROOT, entry))) symlinkSync(path.join(ROOT, entry), path.join(dir, entry));
  }
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
