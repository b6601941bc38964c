// Generates both Prisma clients (SQLite and PostgreSQL) from the committed schemas, then the core
// package from lib/ (scripts/build-core.mjs). Runs at `npm install` (postinstall); needs no
// database and no network.
import { execFileSync } from "node:child_process";

const targets = [
  ["prisma/sqlite/schema.prisma", "file:./data/questions.db"],
  ["prisma/postgres/schema.prisma", "postgresql://localhost/placeholder"],
];
for (const [schema, url] of targets) {
  execFileSync("npx", ["prisma", "generate", "--schema", schema], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, DATABASE_URL: url },
  });
}
const { buildCore } = await import("./build-core.mjs");
await buildCore();
