// The workspace packages as a user gets them: `npm pack` each, then one `npm install` of the
// tarballs into a scratch project outside the repository (from npm's local cache: no network).
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ROOT } from "./server";

const run = promisify(execFile);

export type Scratch = { dir: string; bin: (name: string) => string; cleanup: () => void };

export async function installPacked(packages: string[]): Promise<Scratch> {
  const dir = mkdtempSync(path.join(tmpdir(), "oq-packages-"));
  const deps: Record<string, string> = {};
  for (const pkg of packages) {
    // `npm pack` runs the package's `prepare` (its build) first, as a publish would.
    const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", dir], { cwd: path.join(ROOT, "packages", pkg) });
    const [{ name, filename }] = JSON.parse(stdout) as Array<{ name: string; filename: string }>;
    deps[name] = `file:./${filename}`;
  }
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module", dependencies: deps }));
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: dir });
  return { dir, bin: (name) => path.join(dir, "node_modules/.bin", name), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export type Run = { code: number; stdout: string; stderr: string };

/** Runs a program to its end; `onStart` gets the child (e.g. to answer while it waits). */
export function runProgram(file: string, args: string[], opts: { cwd: string; env: Record<string, string> }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { cwd: opts.cwd, env: { ...process.env, ...opts.env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
