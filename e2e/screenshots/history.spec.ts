// Refreshes docs/screenshots/history*.png with realistic decisions: `npm run screenshots`
// (not part of `npm test`), then commit the PNGs.
import { expect, test, type APIRequestContext, type Browser } from "@playwright/test";
import path from "node:path";
import { QuestionsClient, type CreateRequestInput } from "@openoxide/questions-client";
import { createApiToken, createTeam, seedUser, signIn } from "../helpers";

const OUT = path.join(import.meta.dirname, "..", "..", "docs", "screenshots");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const CONTEXT = `The **orders** service is moving out of the monolith. It stores ~40k orders a day,
needs transactions across \`orders\` and \`payments\`, and the team already runs PostgreSQL 16 for billing.

- Read-heavy dashboards (reporting replica is fine)
- Must run in \`eu-west-1\`

See the [design doc](https://example.com/orders-design) for the options.`;

type Reviewer = { request: APIRequestContext; origin: string };

async function reviewerSession(browser: Browser, baseURL: string, teamSlug: string, email: string): Promise<Reviewer> {
  const user = await seedUser({ role: "reviewer", teamSlug, email });
  const page = await browser.newPage();
  await signIn(page, user);
  return { request: page.request, origin: baseURL };
}

/** Answers through the browser's own API, as the inbox does, so "resolved by" is a person. */
async function act(r: Reviewer, id: string, verb: "reply" | "reject", body: unknown): Promise<void> {
  const res = await r.request.post(`/api/ui/requests/${id}/${verb}`, { data: body, headers: { origin: r.origin } });
  expect(res.status(), await res.text()).toBe(200);
  await sleep(30);
}

const single = (prompt: string, header: string, labels: string[]) => ({
  id: "choice",
  header,
  prompt,
  kind: "single_select" as const,
  options: labels.map((label) => ({ label })),
});

test.describe("history screenshots", () => {
  test.setTimeout(240_000);

  test("history list and detail", async ({ browser, baseURL }) => {
    // Each run has its own server and database, so fixed, friendly names cannot collide.
    const team = await createTeam("platform", "Platform");
    const lead = await seedUser({ role: "lead", teamSlug: team, email: "maya@acme.dev" });
    const client = async (name: string, scopes: string) => new QuestionsClient({ baseUrl: baseURL!, token: await createApiToken(team, scopes, name) });
    const claude = await client("claude-code", "ask");
    const codex = await client("codex", "ask");
    const bot = await client("review-bot", "answer");
    const sam = await reviewerSession(browser, baseURL!, team, "sam@acme.dev");
    const priya = await reviewerSession(browser, baseURL!, team, "priya@acme.dev");
    const ask = (c: QuestionsClient, body: CreateRequestInput) => c.create(body);

    const ci = await ask(codex, { title: "Move CI to the new runners?", agent: { name: "codex-cli" }, timeoutSeconds: 10, questions: [single("Move the CI jobs to the ARM runners now?", "CI runners", ["Yes, all jobs", "Only the test jobs", "Not yet"])] });
    const pnpm = await ask(claude, { title: "Install pnpm globally?", agent: { name: "claude-code" }, questions: [single("pnpm is missing. Install it globally with corepack?", "Install", ["Yes", "No"])] });
    await claude.cancel(pnpm.id, "the user installed it in the terminal");

    const api = await ask(codex, { title: "API shape for /v2/invoices", agent: { name: "codex-cli" }, questions: [single("Which response shape should /v2/invoices use?", "API shape", ["Cursor-paged list", "Offset pages", "GraphQL connection"])] });
    await act(priya, api.id, "reject", { reason: "Hold until the API review on Thursday." });

    const trace = await ask(claude, {
      title: "Tracing for the checkout flow",
      agent: { name: "claude-code", sessionId: "sess-7f3a" },
      questions: [{ id: "signals", header: "Signals", prompt: "Which signals should checkout emit?", kind: "multi_select", options: [{ label: "Traces" }, { label: "Metrics" }, { label: "Structured logs" }, { label: "Profiles" }] }],
    });
    await act(sam, trace.id, "reply", { answers: { signals: { selected: ["Traces", "Metrics"], note: "Profiles later, once the sampler lands." } } });

    const lint = await ask(codex, { title: "Fix 214 lint warnings in one PR?", agent: { name: "codex-cli" }, questions: [single("Fix all lint warnings in one PR or split by package?", "Lint", ["One PR", "Split by package"])] });
    await bot.reply(lint.id, { answers: { choice: { selected: ["Split by package"] } } });

    const stripe = await ask(claude, {
      source: "internal",
      title: "Stripe test key for the payments sandbox",
      context: "The payments integration tests need `STRIPE_SECRET_KEY` (test mode). It is not in `.env.example`.",
      agent: { name: "claude-code", sessionId: "sess-7f3a", turnId: "turn-12", toolCallId: "call_9d2" },
      questions: [
        { id: "key", header: "Stripe key", prompt: "Paste the Stripe test-mode secret key", kind: "freeform", secret: true },
        { id: "store", header: "Storage", prompt: "Where should the key be stored for later runs?", kind: "single_select", options: [{ label: ".env.local" }, { label: "1Password CLI" }], allowCustom: true },
      ],
    });
    await act(sam, stripe.id, "reply", { answers: { key: { text: `sk_test_${Date.now()}`, note: "Test mode only; rotates monthly." }, store: { custom: "Doppler (project payments)" } } });
    await claude.claimSecrets(stripe.id);

    const db = await ask(claude, {
      title: "Primary database for the orders service",
      context: CONTEXT,
      agent: { name: "claude-code", sessionId: "sess-91bc", turnId: "turn-4", toolCallId: "call_1a7" },
      questions: [
        { id: "db", header: "Database", prompt: "Which database should the orders service use?", kind: "single_select", options: [{ label: "PostgreSQL", description: "existing ops tooling" }, { label: "MySQL" }, { label: "DynamoDB", description: "managed, key-value" }] },
        { id: "extras", header: "Extras", prompt: "Which extras should be set up now?", kind: "multi_select", options: [{ label: "Read replica" }, { label: "PITR backups" }, { label: "Connection pooler" }] },
        { id: "naming", header: "Naming", prompt: "Anything about schema naming the agent should follow?", kind: "freeform" },
      ],
    });
    await act(priya, db.id, "reply", {
      answers: {
        db: { selected: ["PostgreSQL"], note: "We already run PG 16 for billing; reuse the operator." },
        extras: { selected: ["PITR backups", "Connection pooler"] },
        naming: { text: "snake_case tables, singular names, `created_at`/`updated_at` on every table." },
      },
    });
    // Let the CI question expire (10 s timeout) so every status shows up.
    await expect.poll(async () => (await codex.get(ci.id)).status, { timeout: 30_000 }).toBe("expired");

    const page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
    await signIn(page, lead, "/history");
    await page.goto("/history");
    await expect(page.getByRole("link", { name: "Primary database for the orders service" })).toBeVisible();
    await page.screenshot({ path: path.join(OUT, "history.png") });

    await page.getByRole("link", { name: "Primary database for the orders service" }).click();
    await expect(page.getByRole("heading", { name: "Primary database for the orders service" })).toBeVisible();
    await page.screenshot({ path: path.join(OUT, "history-detail.png"), fullPage: true });

    await page.goto(`/history/${stripe.id}`);
    await expect(page.getByText(/Secret provided by/)).toBeVisible();
    await page.screenshot({ path: path.join(OUT, "history-secret.png"), fullPage: true });

    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/history?status=answered");
    await expect(page.getByRole("link", { name: "Tracing for the checkout flow" })).toBeVisible();
    await page.screenshot({ path: path.join(OUT, "history-dark.png") });

    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signIn(phone, lead, "/history");
    await phone.goto("/history");
    await expect(phone.getByRole("link", { name: "Primary database for the orders service" })).toBeVisible();
    await phone.screenshot({ path: path.join(OUT, "history-phone.png") });
  });
});
