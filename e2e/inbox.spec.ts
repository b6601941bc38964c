// The reviewer inbox and answer form: live arrival, every question kind, the review step,
// keyboard-only answering, rejection, two reviewers racing, team isolation, inert markdown.
import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import type { CreateRequestInput } from "../lib/client";
import { agentFor, seedUser, signIn, uid } from "./helpers";

const single = (tag: string, extra: Partial<CreateRequestInput> = {}): CreateRequestInput => ({
  title: `Pick a database ${tag}`,
  agent: { name: `db-bot-${tag}` },
  questions: [
    { id: "db", header: "Database", prompt: "Which database?", kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite" }, { label: "MySQL" }] },
  ],
  ...extra,
});

async function openInbox(page: Page) {
  await page.goto("/inbox");
  await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
}

test.describe("inbox and answer form", () => {
  test("a request appears live; every kind is answered; the agent gets typed answers and the secret", async ({ page }) => {
    const tag = uid();
    const reviewer = await seedUser({ role: "reviewer" });
    const agent = await agentFor(reviewer.teamSlug, "ask");
    await signIn(page, reviewer, "/inbox");
    await openInbox(page);
    await expect(page.getByText("You are all caught up")).toBeVisible();
    await expect(page).toHaveTitle("Inbox · OpenOxide Questions");

    const secret = `sk-${randomUUID()}`;
    const created = await agent.create({
      source: "internal",
      title: `Configure the deploy ${tag}`,
      context: "Deploying **the API** to production.",
      agent: { name: `deploy-bot-${tag}`, sessionId: `s-${tag}` },
      questions: [
        { id: "region", header: "Region", prompt: "Which region?", kind: "single_select", options: [{ label: "eu-west" }, { label: "us-east" }], allowCustom: true },
        { id: "features", header: "Features", prompt: "Which features?", kind: "multi_select", options: [{ label: "Metrics" }, { label: "Tracing" }, { label: "Alerts" }] },
        { id: "notes", header: "Notes", prompt: "Anything else to know?", kind: "freeform" },
        { id: "apikey", header: "API key", prompt: "Paste the API key", kind: "freeform", secret: true },
      ],
    });
    const waited = agent.wait(created.id, { timeoutMs: 45_000 });

    // No reload: the row arrives over the event stream and the tab title counts it.
    const row = page.getByRole("link", { name: new RegExp(`Configure the deploy ${tag}`) });
    await expect(row).toBeVisible();
    await expect(page).toHaveTitle("(1) Inbox · OpenOxide Questions");
    await row.click();
    await expect(page.getByRole("heading", { name: `Configure the deploy ${tag}` })).toBeVisible();
    await expect(page.getByText("the API", { exact: true })).toBeVisible();

    await page.getByLabel("Other", { exact: true }).fill("ap-south");
    await page.getByLabel("Note", { exact: true }).fill(`closest to users ${tag}`);
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("group", { name: "Which features?" })).toBeVisible();
    await page.getByRole("checkbox", { name: "Metrics" }).check();
    await page.getByRole("checkbox", { name: "Alerts" }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByLabel("Anything else to know?").fill(`ship it on friday ${tag}`);
    await page.getByRole("button", { name: "Next" }).click();
    const secretInput = page.getByLabel("Paste the API key");
    await expect(secretInput).toHaveAttribute("type", "password");
    await secretInput.fill(secret);
    await page.getByRole("button", { name: "Show secret" }).click();
    await expect(secretInput).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide secret" }).click();
    await expect(secretInput).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Review", exact: true }).click();
    await expect(page.getByText("Every question is answered.")).toBeVisible();
    await expect(page.getByText("Secret provided")).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page).toHaveURL(/\/inbox$/);
    await expect(page.getByText(`Answer sent to deploy-bot-${tag}.`)).toBeVisible();
    await expect(page).toHaveTitle("Inbox · OpenOxide Questions");

    const done = await waited;
    expect(done.status).toBe("answered");
    expect(done.resolvedBy).toBe(reviewer.email);
    const answers = done.response && "answers" in done.response ? done.response.answers : {};
    expect(answers.region).toMatchObject({ selected: [], custom: "ap-south", note: `closest to users ${tag}` });
    expect(answers.features).toMatchObject({ selected: ["Metrics", "Alerts"], custom: null });
    expect(answers.notes).toMatchObject({ text: `ship it on friday ${tag}` });
    expect(answers.apikey).toMatchObject({ text: null, secret: { provided: true } });
    expect(await agent.claimSecrets(created.id)).toEqual({ apikey: secret });
  });

  test("several questions: the review step lists the unanswered and asks for confirmation", async ({ page }) => {
    const tag = uid();
    const reviewer = await seedUser({ role: "reviewer" });
    const agent = await agentFor(reviewer.teamSlug, "ask");
    const created = await agent.create({
      title: `Plan the release ${tag}`,
      agent: { name: `release-bot-${tag}` },
      questions: [
        { id: "day", header: "Day", prompt: "Which day?", kind: "single_select", options: [{ label: "Monday" }, { label: "Friday" }] },
        { id: "notify", header: "Notify", prompt: "Whom to notify?", kind: "multi_select", options: [{ label: "Support" }, { label: "Sales" }] },
        { id: "text", header: "Notes", prompt: "Release notes?", kind: "single_select", options: [{ label: "Short" }, { label: "Long" }] },
      ],
    });
    await signIn(page, reviewer, `/inbox/${created.id}`);
    await page.getByRole("radio", { name: "Monday" }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("button", { name: "Review", exact: true }).click();
    await expect(page.getByText("2 of 3 questions unanswered.")).toBeVisible();
    const confirm = page.getByRole("checkbox", { name: /Submit with 2 unanswered/ });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Confirm that 2 unanswered may be skipped.")).toBeVisible();
    await confirm.check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/inbox$/);

    const done = await agent.get(created.id);
    const answers = done.response && "answers" in done.response ? done.response.answers : {};
    expect(answers.day).toMatchObject({ selected: ["Monday"] });
    expect(answers.notify).toMatchObject({ skipped: true });
    expect(answers.text).toMatchObject({ skipped: true });
  });

  test("answering with the keyboard only, then the next request by a digit", async ({ page }) => {
    const tag = uid();
    const reviewer = await seedUser({ role: "reviewer" });
    const agent = await agentFor(reviewer.teamSlug, "ask");
    const first = await agent.create({
      title: `Two questions ${tag}`,
      agent: { name: `kbd-bot-${tag}` },
      questions: [
        { id: "db", header: "Database", prompt: "Which database?", kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite" }, { label: "MySQL" }] },
        { id: "why", header: "Why", prompt: "Why is that?", kind: "freeform" },
      ],
    });
    const second = await agent.create(single(tag));
    await signIn(page, reviewer, `/inbox/${first.id}`);
    await expect(page.getByRole("note", { name: "Keyboard shortcuts" })).toBeVisible();

    await page.keyboard.press("2");
    await expect(page.getByRole("radio", { name: "SQLite" })).toBeChecked();
    await page.keyboard.press("j");
    await expect(page.getByRole("radio", { name: "MySQL" })).toBeFocused();
    await page.keyboard.press("k");
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Why is that?")).toBeFocused();
    await page.keyboard.type("it is embedded");
    await page.keyboard.press("Control+Enter");
    await expect(page.getByText("Every question is answered.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Submit" })).toBeFocused();
    await page.keyboard.press("Enter");

    // On to the next pending request; a lone single-select question sends on a digit.
    await expect(page).toHaveURL(new RegExp(`/inbox/${second.id}$`));
    await expect(page.getByText("Here is the next request.")).toBeVisible();
    await page.keyboard.press("3");
    await expect(page).toHaveURL(/\/inbox$/);

    const a = await agent.get(first.id);
    expect(a.response && "answers" in a.response ? a.response.answers : {}).toMatchObject({
      db: { selected: ["SQLite"] },
      why: { text: "it is embedded" },
    });
    const b = await agent.get(second.id);
    expect(b.response && "answers" in b.response ? b.response.answers.db : null).toMatchObject({ selected: ["MySQL"] });
  });

  test("Esc rejects with a reason, which the agent receives", async ({ page }) => {
    const tag = uid();
    const reviewer = await seedUser({ role: "reviewer" });
    const agent = await agentFor(reviewer.teamSlug, "ask");
    const created = await agent.create(single(tag));
    const waited = agent.wait(created.id, { timeoutMs: 30_000 });
    await signIn(page, reviewer, `/inbox/${created.id}`);
    await expect(page.getByRole("radiogroup", { name: "Which database?" })).toBeVisible();
    await page.keyboard.press("Escape");
    const dialog = page.getByRole("dialog", { name: "Reject this request" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Enter"); // empty: refused
    await expect(dialog.getByText("A reason is required")).toBeVisible();
    await dialog.getByLabel("Reason").fill(`Use the existing cluster ${tag}`);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/inbox$/);
    const done = await waited;
    expect(done.status).toBe("rejected");
    const rejection = done.response && "rejection" in done.response ? done.response.rejection : null;
    expect(rejection?.code).toBe("reviewer_rejected");
    expect(rejection?.message).toContain(`Use the existing cluster ${tag}`);
  });

  test("two reviewers: the second sees the request locked with who answered", async ({ browser }) => {
    const tag = uid();
    const alice = await seedUser({ role: "reviewer" });
    const bob = await seedUser({ role: "reviewer", teamSlug: alice.teamSlug });
    const carol = await seedUser({ role: "reviewer", teamSlug: alice.teamSlug });
    const agent = await agentFor(alice.teamSlug, "ask");
    const created = await agent.create(single(tag));
    const [a, b, c] = await Promise.all([browser.newPage(), browser.newPage(), browser.newPage()]);
    // Carol's live updates are cut off: her stale submit meets the server's 409 instead.
    await c.route("**/api/ui/events**", (route) => route.abort());
    await signIn(a, alice, `/inbox/${created.id}`);
    await signIn(b, bob, `/inbox/${created.id}`);
    await signIn(c, carol, `/inbox/${created.id}`);
    await expect(b.getByRole("radio", { name: "SQLite" })).toBeEnabled();
    await expect(c.getByRole("radio", { name: "SQLite" })).toBeEnabled();

    await a.getByRole("radio", { name: "PostgreSQL" }).click();
    await expect(a).toHaveURL(/\/inbox$/);

    await expect(b.getByText(`Answered by ${alice.email}`)).toBeVisible();
    await expect(b.getByRole("radio", { name: "SQLite" })).toBeDisabled();
    await c.getByRole("radio", { name: "SQLite" }).click();
    await expect(c.getByText(`Answered by ${alice.email}`)).toBeVisible();
    await expect(c.getByRole("radio", { name: "SQLite" })).toBeDisabled();
    const done = await agent.get(created.id);
    expect(done.response && "answers" in done.response ? done.response.answers.db : null).toMatchObject({ selected: ["PostgreSQL"] });
    await Promise.all([a.close(), b.close(), c.close()]);
  });

  test("another team's request is not found, by page, route or stream", async ({ page }) => {
    const tag = uid();
    const reviewer = await seedUser({ role: "reviewer" });
    const outsider = await seedUser({ role: "admin" });
    const outsiderAgent = await agentFor(outsider.teamSlug, "ask");
    const theirs = await outsiderAgent.create(single(tag));
    await signIn(page, reviewer, "/inbox");
    await openInbox(page);

    // The stream carries the user's teams only.
    await page.evaluate(() => {
      const w = window as unknown as { __seen: string[] };
      w.__seen = [];
      new EventSource("/api/ui/events").addEventListener("request.created", (e) => w.__seen.push((JSON.parse(e.data) as { requestId: string }).requestId));
    });
    await page.waitForTimeout(500);
    const hidden = await outsiderAgent.create(single(`${tag}-2`));
    const mine = await (await agentFor(reviewer.teamSlug, "ask")).create(single(`${tag}-3`));
    await expect.poll(() => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).toContain(mine.id);
    expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).not.toContain(hidden.id);
    await expect(page.getByRole("link", { name: new RegExp(`Pick a database ${tag}-3`) })).toBeVisible();
    await expect(page.getByRole("link", { name: new RegExp(`Pick a database ${tag}-2`) })).toHaveCount(0);

    await page.goto(`/inbox/${theirs.id}`);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    await expect(page.getByText(`Pick a database ${tag}`)).toHaveCount(0);
    expect((await page.request.get(`/api/ui/requests/${theirs.id}`)).status()).toBe(404);
    const list = await (await page.request.get("/api/ui/requests")).json();
    expect(JSON.stringify(list)).not.toContain(theirs.id);
    const reply = await page.request.post(`/api/ui/requests/${theirs.id}/reply`, {
      data: { answers: { db: { selected: ["SQLite"] } } },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(reply.status()).toBe(404);
  });

  test("mutations need a same-origin JSON request (CSRF)", async ({ page }) => {
    const reviewer = await seedUser({ role: "reviewer" });
    const created = await (await agentFor(reviewer.teamSlug, "ask")).create(single(uid()));
    await signIn(page, reviewer, "/inbox");
    const url = `/api/ui/requests/${created.id}/reject`;
    const origin = new URL(page.url()).origin;
    expect((await page.request.post(url, { data: { reason: "x" }, headers: { origin: "https://evil.example" } })).status()).toBe(403);
    expect((await page.request.post(url, { data: { reason: "x" } })).status()).toBe(403);
    expect((await page.request.post(url, { data: "reason=x", headers: { origin, "content-type": "application/x-www-form-urlencoded" } })).status()).toBe(415);
    const ok = await page.request.post(url, { data: { reason: "fine" }, headers: { origin } });
    expect(ok.status()).toBe(200);
    expect(await ok.json()).toMatchObject({ id: created.id, status: "rejected", resolvedBy: reviewer.email });
  });

  test("markdown context with script and onerror payloads renders inert", async ({ page }) => {
    const tag = uid();
    const reviewer = await seedUser({ role: "reviewer" });
    const created = await (await agentFor(reviewer.teamSlug, "ask")).create(
      single(tag, {
        context: `Read **this** ${tag}.\n\n<img src=x onerror="window.__xss=1">\n\n<script>window.__xss=1</script>\n\n[click](javascript:window.__xss=1)`,
      }),
    );
    const dialogs: string[] = [];
    page.on("dialog", (d) => void d.dismiss().then(() => dialogs.push(d.message())));
    await signIn(page, reviewer, `/inbox/${created.id}`);
    await expect(page.getByText(`this`, { exact: true })).toBeVisible();
    await page.getByText("click", { exact: true }).click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(page.locator("img[onerror]")).toHaveCount(0);
    await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
  });
});
