// `npm run screenshots`: refreshes docs/screenshots/*.png (kept out of `npm test`).
import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

export default defineConfig({ ...base, testDir: "e2e/screenshots", testIgnore: undefined, workers: 1 });
