// Screenshots of the inbox and the answer form for docs/screenshots/ (shown in the README).
// Run on purpose only: `npm run screenshots` (not part of `npm test`).
import { expect, test } from "@playwright/test";
import path from "node:path";
import { agentFor, createTeam, seedUser, signIn, uid } from "../helpers";

const OUT = path.join(import.meta.dirname, "..", "..", "docs", "screenshots");

test("inbox and answer form screenshots", async ({ browser }) => {
  test.setTimeout(180_000);
  const team = await createTeam(`platform-${uid()}`, "Platform");
  const reviewer = await seedUser({ role: "reviewer", teamSlug: team, email: `dana-${uid()}@example.com` });
  const codex = await agentFor(team, "ask");
  const claude = await agentFor(team, "ask");
  const ci = await agentFor(team, "ask");

  const main = await codex.create({
    title: "Choose the storage layer for the billing service",
    context: [
      "I am scaffolding **billing-service** (`services/billing`). Two choices block the next step:",
      "",
      "- the primary database, which sets the migration tooling;",
      "- which background jobs to enable in the first release.",
      "",
      "The existing services use `pg` with connection pooling through PgBouncer.",
    ].join("\n"),
    agent: { name: "codex-cli", sessionId: "sess-7f3a91", turnId: "turn-12", toolCallId: "call_QX81" },
    questions: [
      {
        id: "db",
        header: "Database",
        prompt: "Which database should the billing service use?",
        kind: "single_select",
        options: [
          { label: "PostgreSQL", description: "Same as the other services; PgBouncer already in place" },
          { label: "SQLite", description: "Embedded, no server; single instance only" },
          { label: "DynamoDB", description: "Managed, pay per request" },
        ],
      },
      {
        id: "jobs",
        header: "Jobs",
        prompt: "Which background jobs should ship in the first release?",
        kind: "multi_select",
        options: [{ label: "Invoice generation" }, { label: "Dunning emails" }, { label: "Usage sync" }],
      },
      { id: "notes", header: "Notes", prompt: "Anything else I should know before scaffolding?", kind: "single_select", options: [{ label: "No" }, { label: "Yes" }] },
    ],
    timeoutSeconds: 4 * 3600,
  });
  await claude.create({
    title: "Rename the public API field `userId` to `accountId`?",
    agent: { name: "claude-code", sessionId: "a1b2c3" },
    questions: [
      { id: "rename", header: "Rename", prompt: "Rename the field in v2 only, or in v1 with a deprecation?", kind: "single_select", options: [{ label: "v2 only" }, { label: "v1 + deprecation" }] },
    ],
  });
  await ci.create({
    source: "internal",
    title: "Missing credential: STRIPE_API_KEY",
    agent: { name: "release-bot", sessionId: "deploy-2291" },
    questions: [{ id: "key", header: "Stripe key", prompt: "Paste the Stripe API key for staging", kind: "freeform", secret: true }],
    timeoutSeconds: 600,
  });
  await codex.create({
    agent: { name: "codex-cli", sessionId: "sess-88aa02" },
    questions: [
      { id: "lint", header: "Lint", prompt: "Fix the 14 lint warnings in the same pull request?", kind: "single_select", options: [{ label: "Yes" }, { label: "Separate PR" }] },
      { id: "tests", header: "Tests", prompt: "Add snapshot tests for the new components?", kind: "single_select", options: [{ label: "Yes" }, { label: "No" }] },
    ],
  });

  for (const [name, opts] of [
    ["", { viewport: { width: 1280, height: 1000 }, colorScheme: "light" as const }],
    ["-dark", { viewport: { width: 1280, height: 1000 }, colorScheme: "dark" as const }],
  ] as const) {
    const context = await browser.newContext({ ...opts, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await signIn(page, reviewer, "/inbox");
    await page.goto("/inbox");
    await expect(page.getByText("Live", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: /Choose the storage layer/ })).toBeVisible();
    await page.screenshot({ path: path.join(OUT, `inbox${name}.png`) });

    await page.goto(`/inbox/${main.id}`);
    await page.getByRole("radio", { name: "PostgreSQL" }).check();
    await page.getByLabel("Note", { exact: true }).fill("Use the shared cluster, schema billing");
    await page.getByRole("radio", { name: "PostgreSQL" }).focus();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(OUT, `answer-form${name}.png`) });
    await context.close();
  }

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await signIn(page, reviewer, "/inbox");
  await page.goto("/inbox");
  await expect(page.getByRole("link", { name: /Choose the storage layer/ })).toBeVisible();
  await page.screenshot({ path: path.join(OUT, "inbox-phone.png") });
  await page.goto(`/inbox/${main.id}`);
  await page.getByRole("radio", { name: "PostgreSQL" }).check();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(OUT, "answer-form-phone.png") });
  await phone.close();
});
