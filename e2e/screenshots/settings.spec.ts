// Refreshes docs/screenshots/settings.png: `npm run screenshots` (not part of `npm test`).
import { expect, test } from "@playwright/test";
import { QuestionsClient, ApiError } from "@openoxide/questions-client";
import { e2eState } from "../state";
import { createApiToken, createTeam, seedUser, signIn, uid } from "../helpers";
import path from "node:path";

test("screenshot of the settings page", async ({ page }) => {
  const slug = `platform-${uid()}`;
  const admin = await seedUser({ role: "admin", teamSlug: await createTeam(slug, "Platform"), email: `ada-${uid()}@example.test` });
  await seedUser({ role: "lead", teamSlug: slug, email: `grace-${uid()}@example.test` });
  await seedUser({ role: "reviewer", teamSlug: slug, email: `linus-${uid()}@example.test` });
  const used = await createApiToken(slug, "ask", "coding-agent");
  await new QuestionsClient({ baseUrl: e2eState().baseURL, token: used }).list({ status: "pending" });
  await createApiToken(slug, "answer,read", "slack-bridge");
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, admin, "/settings");
  await expect(page.getByRole("row").filter({ hasText: "coding-agent" })).not.toContainText("never");
  await page.screenshot({ path: path.join(import.meta.dirname, "..", "..", "docs", "screenshots", "settings.png"), fullPage: true });
  if (process.env.SCREENSHOTS_EXTRA) {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await page.screenshot({ path: `${process.env.SCREENSHOTS_EXTRA}/settings-dark.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${process.env.SCREENSHOTS_EXTRA}/settings-phone.png`, fullPage: true });
  }
});
