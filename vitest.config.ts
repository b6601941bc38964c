import { defineConfig } from "vitest/config";
import { availableParallelism } from "node:os";
import path from "node:path";

// The workspace packages from their sources (as tsconfig's `paths` does), so tests need no build step.
const CLIENT = path.resolve(import.meta.dirname, "packages/client/src");
const alias = [
  { find: /^@openoxide\/questions-client$/, replacement: `${CLIENT}/index.ts` },
  { find: /^@openoxide\/questions-client\/(.*)$/, replacement: `${CLIENT}/$1` },
  { find: /^@\//, replacement: `${path.resolve(import.meta.dirname)}/` },
];

export default defineConfig({
  resolve: { alias },
  test: {
    // At least two test files at a time (Vitest's default is one per core less one, so a 2-core
    // CI machine ran them one by one): the API files spend most of their time waiting on servers,
    // runtimes and timers, and are written to run side by side (their own names, data and servers).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["lib/**/*.test.ts", "tests/unit/**/*.test.ts", "components/**/*.test.ts", "packages/*/src/**/*.test.ts", "scripts/**/*.test.ts"], environment: "node" },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Several instances on one PostgreSQL database: only under `npm run test:pg`.
        resolve: { alias },
        test: {
          name: "multi",
          include: ["tests/multi/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
