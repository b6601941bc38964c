// `npm run test:pg`: the API suite and the multi-instance suite (with the fast insert's test) on
// PostgreSQL. TEST_PG_URL names a local server and a database we may connect to in order to create
// throw-away databases.
import { execFileSync } from "node:child_process";

const url = process.env.TEST_PG_URL || "postgresql://questions:questions@127.0.0.1:5432/postgres";
// One project per run: each run's global setup creates its own database and exports its URL.
try {
  const runs = [["--project", "api"], ["--project", "multi"]];
  for (const args of runs) {
    execFileSync("npx", ["vitest", "run", ...args], { stdio: "inherit", env: { ...process.env, TEST_PG_URL: url } });
  }
} catch (e) {
  process.exit(typeof e.status === "number" ? e.status : 1);
}
