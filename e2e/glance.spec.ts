// Items a reviewer can judge at a glance (issue 22): an inbox row shows what is asked on a phone
// too, and keys typed while a request opens are not lost.
import { expect, test } from "@playwright/test";
import { agentFor, seedUser, signIn, uid } from "./helpers";

const PHONE = { width: 390, height: 844 };

test("on a phone, inbox rows show the question and the command, not a cut header or a count", async ({ browser }) => {
  const tag = uid();
  const reviewer = await seedUser({ role: "reviewer" });
  const agent = await agentFor(reviewer.teamSlug, "ask");
  const question = `Which database should the billing service use in production ${tag}?`;
  // As the bridges title them now: the first question (or the command) is the title.
  await agent.create({
    source: "internal",
    title: question,
    agent: { name: "opencode" },
    questions: [{ id: "q1", header: "Billing database choice", prompt: question, kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite" }] }],
  });
  // A generic title: the row adds the question itself.
  await agent.create({
    title: `Setup ${tag}`,
    agent: { name: "setup-bot" },
    questions: [
      { id: "region", header: "Region", prompt: `Deploy to which region ${tag}?`, kind: "single_select", options: [{ label: "eu" }, { label: "us" }] },
      { id: "size", header: "Size", prompt: "How many instances?", kind: "single_select", options: [{ label: "1" }, { label: "3" }] },
    ],
  });
  await agent.create({
    source: "internal",
    title: `Deploy ${tag}`,
    agent: { name: "codex" },
    questions: [{ id: "approve", header: "Run command", prompt: "Allow this?", kind: "approval", action: { tool: "shell", input: { command: `kubectl apply -f prod-${tag}.yaml` } } }],
  });

  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, reviewer, "/inbox");
  const list = page.getByRole("list", { name: "Pending requests" });
  await expect(list.getByText(question)).toBeVisible();
  await expect(list.getByText(`Deploy to which region ${tag}?`)).toBeVisible();
  await expect(list.getByText("How many instances?")).toBeVisible();
  await expect(list.getByText(`$ kubectl apply -f prod-${tag}.yaml`)).toBeVisible();
  await expect(list.getByText("1 question", { exact: true })).toHaveCount(0);
  await expect(list).not.toContainText("Billing database c…");
  await page.screenshot({ path: test.info().outputPath("inbox-phone.png"), fullPage: true });
  await context.close();
});

test("a digit typed right after j + Enter opens a request is not lost, nor the Enter after it", async ({ page }) => {
  const tag = uid();
  const reviewer = await seedUser({ role: "reviewer" });
  const agent = await agentFor(reviewer.teamSlug, "ask");
  const created = await agent.create({
    title: `Pick a database ${tag}`,
    agent: { name: `typist-${tag}` },
    questions: [{ id: "db", header: "Database", prompt: "Which database?", kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite" }] }],
  });
  await signIn(page, reviewer, "/inbox");
  await expect(page.getByRole("link", { name: new RegExp(`Pick a database ${tag}`) })).toBeVisible();
  // The request page takes a moment to arrive, as on a slow connection: keys typed meanwhile
  // belong to it.
  await page.route(`**/inbox/${created.id}**`, async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.keyboard.press("j");
  await expect(page.getByRole("link", { name: new RegExp(`Pick a database ${tag}`) })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("2");
  await expect(page.getByRole("radio", { name: "SQLite" })).toBeChecked({ timeout: 15_000 });
  expect((await agent.get(created.id)).status).toBe("pending");

  // The same with the Enter that sends: "j, Enter, 1, Enter" answers the next one in one go.
  const second = await agent.create({
    title: `Pick again ${tag}`,
    agent: { name: `typist-${tag}` },
    questions: [{ id: "db", header: "Database", prompt: "Which database?", kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite" }] }],
  });
  await page.goto("/inbox");
  await expect(page.getByRole("link", { name: new RegExp(`Pick again ${tag}`) })).toBeVisible();
  await page.route(`**/inbox/${second.id}**`, async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.getByRole("link", { name: new RegExp(`Pick again ${tag}`) }).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("1");
  await page.keyboard.press("Enter");
  const done = await agent.wait(second.id, { timeoutMs: 20_000 });
  expect(done.status).toBe("answered");
  expect(done.response && "answers" in done.response ? done.response.answers.db?.selected : null).toEqual(["PostgreSQL"]);
});
