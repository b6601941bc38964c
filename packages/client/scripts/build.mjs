// Builds dist/ with tsc. The sources import each other as `./x.ts` (so Next.js, Vitest and tsx run
// them unbuilt); tsc rewrites that to `./x.js` in the JavaScript, and this does the same in the
// declarations, for TypeScript versions that do not follow a `.ts` import in a .d.ts file.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
rmSync(path.join(root, "dist"), { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", path.join(root, "tsconfig.build.json")], { stdio: "inherit" });
for (const entry of readdirSync(path.join(root, "dist"), { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".d.ts")) continue;
  const file = path.join(entry.parentPath, entry.name);
  const text = readFileSync(file, "utf8");
  const fixed = text.replace(/(from\s+"\.{1,2}\/[^"]*)\.ts"/g, '$1.js"').replace(/(import\("\.{1,2}\/[^"]*)\.ts"\)/g, '$1.js")');
  if (fixed !== text) writeFileSync(file, fixed);
}
