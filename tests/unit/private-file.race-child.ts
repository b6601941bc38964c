// Child process for private-file.race.test.ts: prepares the key file and the auth secret in one
// DATA_DIR per round, all children starting each round at the same instant, and prints what it
// ended up using. Args: <base dir> <rounds> <child index>.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { authSecret } from "../../lib/auth/secret";
import { prepareKeys } from "../../lib/secrets/keys";

const [base, roundsArg, index] = process.argv.slice(2);
const rounds = Number(roundsArg);
const g = globalThis as unknown as { __questionsKeys?: unknown; __questionsAuthSecret?: unknown };
const spinUntil = (t: number) => {
  while (Date.now() < t); // a busy wait: a timer would spread the start over milliseconds
};

async function main() {
  writeFileSync(path.join(base, `ready.${index}`), "");
  const go = path.join(base, "go");
  while (!existsSync(go)) await new Promise((r) => setTimeout(r, 5));
  const start = Number(readFileSync(go, "utf8"));
  const out: { key: string; secret: string }[] = [];
  for (let r = 0; r < rounds; r++) {
    process.env.DATA_DIR = path.join(base, String(r));
    g.__questionsKeys = g.__questionsAuthSecret = undefined;
    spinUntil(start + r * 40);
    const ring = await prepareKeys(async () => []);
    out.push({ key: ring.keys.get(ring.active)!.toString("base64"), secret: authSecret() });
  }
  process.stdout.write(JSON.stringify(out));
}

void main();
