// Escalation and the audit trail in the browser: an admin sets the escalation delay, a pending
// request gets its Escalated mark live in the inbox; Settings → Audit trail lists the team's
// entries (admins and leads, not reviewers) and exports them as CSV.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { agentFor, seedUser, signIn, uid } from "./helpers";

test("a request past the team's escalation delay is marked escalated in the inbox, live", async ({ page }) => {
  const admin = await seedUser({ role: "admin" });
  const agent = await agentFor(admin.teamSlug);
  await signIn(page, admin, "/settings");
  const card = page.getByRole("region", { name: "Escalation and expiry" });
  // 12 seconds: long enough that the row is seen unescalated first on a busy machine.
  await card.getByLabel("Escalate after (minutes)").fill("0.2");
  await card.getByRole("checkbox", { name: admin.email }).check();
  await card.getByRole("button", { name: "Save escalation" }).click();
  await expect(card.getByText("Escalation saved.")).toBeVisible();

  const title = `Deploy window ${uid()}`;
  await page.goto("/inbox");
  const created = await agent.create({ title, agent: { name: "e2e" }, questions: [{ id: "q", header: "When", prompt: "Deploy now?", kind: "single_select", options: [{ label: "Yes" }, { label: "No" }] }] });
  const row = page.getByRole("listitem").filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText("Escalated")).toHaveCount(0);
  await expect(row.getByText("Escalated")).toBeVisible({ timeout: 30_000 });

  await page.goto(`/inbox/${created.id}`);
  await expect(page.getByRole("banner").getByText("Escalated").or(page.getByText("Escalated", { exact: true })).first()).toBeVisible();
});

test("Settings → Audit trail lists and exports the team's entries for admins and leads", async ({ page, browser }) => {
  const admin = await seedUser({ role: "admin" });
  const lead = await seedUser({ role: "lead", teamSlug: admin.teamSlug });
  const reviewer = await seedUser({ role: "reviewer", teamSlug: admin.teamSlug });
  await signIn(page, admin, "/settings");
  await page.getByRole("radio", { name: /Deny questions/ }).check();
  await page.getByRole("button", { name: "Save policy" }).click();
  await expect(page.getByText("Policy saved.")).toBeVisible();

  await page.getByRole("link", { name: "Audit trail" }).click();
  await expect(page.getByRole("heading", { name: "Audit trail" })).toBeVisible();
  const newest = page.getByRole("row").nth(1);
  await expect(newest).toContainText("settings.policy");
  await expect(newest).toContainText(admin.email);
  await expect(newest).toContainText("policy: deny");
  await expect(page.getByRole("row").filter({ hasText: "member.added" }).filter({ hasText: lead.email })).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = readFileSync((await (await download).path())!, "utf8");
  expect(csv.split("\n")[0]).toBe("seq,id,at,actor,address,action,target,details");
  expect(csv).toContain("settings.policy");

  const leadPage = await (await browser.newContext()).newPage();
  await signIn(leadPage, lead, `/settings/audit?team=${admin.teamSlug}`);
  await expect(leadPage.getByRole("row").filter({ hasText: "settings.policy" })).toBeVisible();
  const reviewerPage = await (await browser.newContext()).newPage();
  await signIn(reviewerPage, reviewer, "/settings/audit");
  await expect(reviewerPage.getByText("The audit trail of a team is for its leads and admins.")).toBeVisible();
});
