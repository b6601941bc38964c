// /insights in a real browser: a lead's charts render as labelled SVG images with a written summary,
// in light and dark; the recurring question shows; the filters narrow by agent; axe finds nothing
// serious. A reviewer's page shows only their own decisions.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import type { QuestionsClient } from "@openoxide/questions-client";
import { agentFor, seedUser, signIn, uid, type SeededUser } from "./helpers";

let lead: SeededUser;
let agent: QuestionsClient;
const cacheQuestion = (i: number) => ({
  title: `Cache ${tag} ${i}`,
  agent: { name: agentName },
  questions: [{ id: "cache", header: "Cache", prompt: `Which cache for ${tag}?`, kind: "single_select" as const, options: [{ label: "Redis" }, { label: "Memcached" }] }],
});
const tag = uid();
const agentName = `insights-bot-${tag}`;

test.beforeAll(async () => {
  test.setTimeout(240_000); // a few CLI runs: slow on a busy 2-core machine
  lead = await seedUser({ role: "lead" });
  let reviewer: QuestionsClient;
  [agent, reviewer] = await Promise.all([agentFor(lead.teamSlug, "ask"), agentFor(lead.teamSlug, "answer")]);
  for (let i = 0; i < 3; i++) {
    const r = await agent.create(cacheQuestion(i));
    await reviewer.reply(r.id, { answers: { cache: { selected: ["Redis"], note: `note ${i}` } } });
  }
  const rejected = await agent.create({ agent: { name: `other-bot-${tag}` }, questions: [{ id: "q", header: "Deploy", prompt: "Deploy now?", kind: "single_select", options: [{ label: "Yes" }, { label: "No" }] }] });
  await reviewer.reject(rejected.id, "not today");
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`a lead sees the charts, the tables and the recurring question (${colorScheme})`, async ({ browser }) => {
    const context = await browser.newContext({ colorScheme, viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, lead, "/insights");
    await expect(page.getByRole("heading", { name: "Insights", level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(colorScheme === "dark");

    const tta = page.getByRole("img", { name: "Time to answer per day: median and 90th percentile" });
    const outcomes = page.getByRole("img", { name: "Requests per day by outcome" });
    await expect(tta).toBeVisible();
    await expect(outcomes).toBeVisible();
    // Axes are labelled; the written summary is the image's description.
    await expect(tta.locator("text", { hasText: "Time to answer" })).toHaveCount(1);
    await expect(outcomes.locator("text", { hasText: "Day (UTC, MM-DD)" })).toHaveCount(1);
    await expect(outcomes).toHaveAccessibleDescription(/4 requests were resolved: 3 answered, 0 decided by rule, 1 rejected/);
    expect(await outcomes.locator("rect").count()).toBeGreaterThanOrEqual(2);
    expect(await tta.locator("path").count()).toBeGreaterThan(0);

    const recurring = page.getByRole("region", { name: "Questions that recur" }).or(page.locator("section", { has: page.getByRole("heading", { name: "Questions that recur" }) }));
    await expect(recurring.getByRole("rowheader", { name: new RegExp(`Which cache for ${tag}`) })).toBeVisible();
    await expect(recurring.getByRole("cell", { name: "Cache: Redis" })).toBeVisible();

    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`insights-${colorScheme}.png`), fullPage: true });

    // Filter by agent: the other agent's rejection leaves the figures.
    await page.getByLabel("Agent", { exact: true }).selectOption(agentName);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(new RegExp(`agent=${agentName}`));
    await expect(page.getByRole("img", { name: "Requests per day by outcome" })).toHaveAccessibleDescription(/^3 requests were resolved: 3 answered/);
    await context.close();
  });
}

test("a reviewer sees their own decisions only", async ({ browser }) => {
  const reviewer = await seedUser({ role: "reviewer", teamSlug: lead.teamSlug });
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, reviewer, "/insights");
  await expect(page.getByText("Your own decisions")).toBeVisible();
  await expect(page.getByRole("img", { name: "Requests per day by outcome" })).toHaveAccessibleDescription("No request was resolved in this period.");
  await expect(page.getByText(agentName)).toHaveCount(0);
  await context.close();
});

// Last in this file: the rule it saves answers the recurring question from then on.
test("'Make this a rule' opens the rules form prefilled; saved, the rule answers the next matching question at once", async ({ page }) => {
  await signIn(page, lead, "/insights");
  const recurring = page.locator("section", { has: page.getByRole("heading", { name: "Questions that recur" }) });
  await recurring.getByRole("link", { name: `Make this a rule: Which cache for ${tag}?` }).click();
  await expect(page).toHaveURL(/\/settings\/rules\?.*fingerprint=/);
  const form = page.locator("section", { has: page.getByRole("heading", { name: "New answer rule from a recurring question" }) });
  await expect(form.getByText(`Which cache for ${tag}?`)).toBeVisible();
  await expect(form.getByText("Cache: Redis")).toBeVisible();
  await form.getByLabel(`Only for agent ${agentName}`).check();
  await form.getByRole("button", { name: "Save answer rule" }).click();
  const saved = page.getByRole("listitem", { name: `Rule Cache: Which cache for ${tag}?` });
  await expect(saved).toBeVisible();
  await expect(saved).toContainText(`agent ${agentName}`);
  await expect(page).not.toHaveURL(/fingerprint=/);

  const next = await agent.create(cacheQuestion(3));
  expect(next.status).toBe("answered");
  expect(next.resolvedBy).toMatch(/^rule:/);
  expect(next.response).toMatchObject({ answers: { cache: { selected: ["Redis"] } } });
});
