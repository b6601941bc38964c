import { defineConfig, devices } from "@playwright/test";

// Debian's Chromium: Playwright cannot download its own browsers here (docs: TOOLCHAIN.md).
const executablePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  // Screenshots for the docs run on purpose only: `npm run screenshots`.
  testIgnore: "screenshots/**",
  workers: 2,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // PW_OUTPUT_DIR: separate folders when several runs share one checkout (each run empties its own).
  outputDir: process.env.PW_OUTPUT_DIR || "test-results",
  globalSetup: "./e2e/global-setup.ts",
  globalTeardown: "./e2e/global-teardown.ts",
  use: {
    // Set by global-setup before the workers start; workers evaluate this file again.
    baseURL: process.env.E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath,
          args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
        },
      },
    },
  ],
});
