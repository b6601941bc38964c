// Builds the workspace package in the current directory (its `build`/`prepare` script) to dist/
// with tsc, after any workspace package it depends on that has no dist/ yet. The sources import
// each other as `./x.ts` (so Next.js, Vitest and tsx run them unbuilt); tsc rewrites that to
// `./x.js` in the JavaScript, and this does the same in the declarations, for TypeScript versions
// that do not follow a `.ts` import in a .d.ts file.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const here = path.dirname(new URL(import.meta.url).pathname);
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

function build(dir) {
  const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  for (const dep of Object.keys(pkg.dependencies ?? {})) {
    const local = path.join(here, "../packages", dep.replace(/^@openoxide\/questions-/, ""));
    if (dep.startsWith("@openoxide/") && existsSync(path.join(local, "package.json")) && !existsSync(path.join(local, "dist"))) build(local);
  }
  rmSync(path.join(dir, "dist"), { recursive: true, force: true });
  execFileSync(process.execPath, [tsc, "-p", path.join(dir, "tsconfig.build.json")], { stdio: "inherit" });
  for (const entry of readdirSync(path.join(dir, "dist"), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".d.ts")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = readFileSync(file, "utf8");
    const fixed = text.replace(/(from\s+"\.{1,2}\/[^"]*)\.ts"/g, '$1.js"').replace(/(import\("\.{1,2}\/[^"]*)\.ts"\)/g, '$1.js")');
    if (fixed !== text) writeFileSync(file, fixed);
  }
}

build(process.cwd());
