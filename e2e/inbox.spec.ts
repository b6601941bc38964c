// The reviewer inbox and answer form: live arrival, every question kind, the review step,
// keyboard-only answering, no accidental sends, rejection, two reviewers racing, team isolation,
// inert markdown, live updates down, times, and the guidance for a new user.
import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import type { CreateRequestInput } from "@openoxide/questions-client";
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
    // The banner names the request and repeats what was sent (never the secret).
    await expect(page.getByText(`Answer sent to deploy-bot-${tag} for “Configure the deploy ${tag}”.`)).toBeVisible();
    const sent = page.getByRole("list", { name: "What was sent" });
    await expect(sent).toContainText(`Region: Other: ap-south (note: closest to users ${tag})`);
    await expect(sent).toContainText("Features: Metrics, Alerts");
    await expect(sent).toContainText("API key: Secret provided");
    await expect(page.getByText(secret)).toHaveCount(0);
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

  test("answering with the keyboard only, then the next request by a digit and Enter", async ({ page }) => {
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

    // On to the next pending request; a digit only chooses, Enter sends.
    await expect(page).toHaveURL(new RegExp(`/inbox/${second.id}$`));
    await expect(page.getByText(/Here is the next request\./)).toBeVisible();
    await page.keyboard.press("3");
    await expect(page.getByRole("radio", { name: "MySQL" })).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`/inbox/${second.id}$`));
    await page.keyboard.press("Enter");
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
    await a.getByRole("button", { name: "Submit" }).click();
    await expect(a).toHaveURL(/\/inbox$/);

    await expect(b.getByText(`Answered by ${alice.email} at`)).toBeVisible();
    await expect(b.getByRole("radio", { name: "SQLite" })).toBeDisabled();
    await c.getByRole("radio", { name: "SQLite" }).click();
    await c.getByRole("button", { name: "Submit" }).click();
    await expect(c.getByText(`Answered by ${alice.email} at`)).toBeVisible();
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

test.describe("no accidental sends (issue 13)", () => {
  test("a click or a digit only chooses; the note is reachable; Submit sends and the banner says what", async ({ page }) => {
    const tag = uid();
    const reviewer = await seedUser({ role: "reviewer" });
    const agent = await agentFor(reviewer.teamSlug, "ask");
    const created = await agent.create(single(tag));
    await signIn(page, reviewer, `/inbox/${created.id}`);
    await expect(page.getByRole("radio", { name: "SQLite" })).toBeEnabled();

    await page.getByRole("radio", { name: "PostgreSQL" }).click();
    await page.keyboard.press("2");
    await expect(page.getByRole("radio", { name: "SQLite" })).toBeChecked();
    // Nothing went out: the page stays and the agent still waits.
    await page.waitForTimeout(800);
    await expect(page).toHaveURL(new RegExp(`/inbox/${created.id}$`));
    expect((await agent.get(created.id)).status).toBe("pending");

    // The note comes after the choice (and "Other"), by keyboard.
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Other", { exact: true })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Note", { exact: true })).toBeFocused();
    await page.keyboard.type(`embedded is enough ${tag}`);
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page).toHaveURL(/\/inbox$/);
    await expect(page.getByText(`Answer sent to db-bot-${tag} for “Pick a database ${tag}”.`)).toBeVisible();
    await expect(page.getByRole("list", { name: "What was sent" })).toHaveText(`Database: SQLite (note: embedded is enough ${tag})`);
    const done = await agent.get(created.id);
    expect(done.response && "answers" in done.response ? done.response.answers.db : null).toMatchObject({
      selected: ["SQLite"],
      note: `embedded is enough ${tag}`,
    });
  });

  test("Enter on arrival only chooses the focused option; the next Enter sends", async ({ page }) => {
    const tag = uid();
    const reviewer = await seedUser({ role: "reviewer" });
    const agent = await agentFor(reviewer.teamSlug, "ask");
    const created = await agent.create(single(tag));
    await signIn(page, reviewer, `/inbox/${created.id}`);
    await expect(page.getByRole("radio", { name: "PostgreSQL" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("radio", { name: "PostgreSQL" })).toBeChecked();
    await page.waitForTimeout(800);
    expect((await agent.get(created.id)).status).toBe("pending");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/inbox$/);
    const done = await agent.get(created.id);
    expect(done.response && "answers" in done.response ? done.response.answers.db : null).toMatchObject({ selected: ["PostgreSQL"] });
  });

  test("a tap on a phone only chooses", async ({ browser }) => {
    const tag = uid();
    const reviewer = await seedUser({ role: "reviewer" });
    const agent = await agentFor(reviewer.teamSlug, "ask");
    const created = await agent.create(single(tag));
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await signIn(page, reviewer, `/inbox/${created.id}`);
    await page.getByRole("radio", { name: "MySQL" }).tap();
    await expect(page.getByRole("radio", { name: "MySQL" })).toBeChecked();
    await page.waitForTimeout(800);
    expect((await agent.get(created.id)).status).toBe("pending");
    await page.getByRole("button", { name: "Submit" }).tap();
    await expect(page).toHaveURL(/\/inbox$/);
    expect((await agent.get(created.id)).status).toBe("answered");
    await context.close();
  });
});

test.describe("live updates down (issue 13)", () => {
  test("a banner says so and what still works; answering still works", async ({ page }) => {
    const tag = uid();
    const reviewer = await seedUser({ role: "reviewer" });
    const agent = await agentFor(reviewer.teamSlug, "ask");
    const created = await agent.create(single(tag));
    await page.route("**/api/ui/events**", (route) => route.abort());
    await signIn(page, reviewer, "/inbox");
    const banner = page.getByRole("status").filter({ hasText: "Live updates are down" });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("You can still open, answer and reject requests");
    await page.getByRole("link", { name: new RegExp(`Pick a database ${tag}`) }).click();
    await expect(page.getByRole("status").filter({ hasText: "Live updates are down" })).toBeVisible();
    await page.getByRole("radio", { name: "SQLite" }).click();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page).toHaveURL(/\/inbox$/);
    expect((await agent.get(created.id)).status).toBe("answered");

    // Back online: the banner goes away.
    await page.unroute("**/api/ui/events**");
    await page.reload();
    await expect(page.getByText("Live", { exact: true })).toBeVisible();
    await expect(page.getByText("Live updates are down")).toHaveCount(0);
  });
});

test.describe("times (issue 13)", () => {
  test("rows say when they were created and when they expire; ended requests say how and when", async ({ page }) => {
    const tag = uid();
    const reviewer = await seedUser({ role: "reviewer" });
    const agent = await agentFor(reviewer.teamSlug, "ask");
    const later = await agent.create(single(`${tag}-a`, { timeoutSeconds: 3600 }));
    const soon = await agent.create(single(`${tag}-b`, { timeoutSeconds: 10 }));
    await signIn(page, reviewer, "/inbox");
    const row = page.getByRole("link", { name: new RegExp(`Pick a database ${tag}-a`) });
    await expect(row).toContainText("created just now");
    await expect(row).toContainText(/expires in (59|60) min/);

    // Cancelled while open: the header shows how and when it ended, and no expiry any more.
    await page.goto(`/inbox/${later.id}`);
    await expect(page.getByText(/expires in (59|60) min/)).toBeVisible();
    await agent.cancel(later.id, "not needed");
    await expect(page.getByText("cancelled by the agent just now")).toBeVisible();
    await expect(page.getByText(/expires in/)).toHaveCount(0);
    await expect(page.getByText(/This request is closed\. Cancelled by the agent at \d{4}-\d\d-\d\d \d\d:\d\d UTC\./)).toBeVisible();

    // Expired: past tense, never "expires just now".
    await page.goto(`/inbox/${soon.id}`);
    await expect(page.getByText("expired just now")).toBeVisible({ timeout: 25_000 });
    await expect(page.getByText(/Expired at \d{4}-\d\d-\d\d \d\d:\d\d UTC: nobody answered in time\./)).toBeVisible();
    await expect(page.getByText(/expires (in|just)/)).toHaveCount(0);
  });
});

test.describe("guidance (issue 13)", () => {
  test("the empty inbox says how to connect an agent", async ({ page }) => {
    const reviewer = await seedUser({ role: "reviewer" });
    await signIn(page, reviewer, "/inbox");
    await expect(page.getByText("You are all caught up")).toBeVisible();
    const connect = page.getByRole("region", { name: "Connect an agent" });
    const origin = new URL(page.url()).origin;
    await expect(connect).toContainText(`claude mcp add --transport http questions ${origin}/api/mcp --header "Authorization: Bearer $QUESTIONS_TOKEN"`);
    await expect(connect).toContainText(`curl -s ${origin}/api/v1/requests`);
    await expect(connect.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
  });

  test("the token panel's snippets name the environment variable, never the token (issue 22)", async ({ page }) => {
    const admin = await seedUser({ role: "admin" });
    await signIn(page, admin, "/settings");
    const form = page.getByRole("form", { name: "Create token" });
    await form.getByLabel("Token name").fill(`agent-${uid()}`);
    await form.getByRole("button", { name: "Create token" }).click();
    const token = await page.getByLabel("New token").inputValue();
    expect(token).toMatch(/^oqt_/);
    await page.getByText("Connect an agent with this token").click();
    const origin = new URL(page.url()).origin;
    await expect(page.getByText(`claude mcp add --transport http questions ${origin}/api/mcp --header "Authorization: Bearer $QUESTIONS_TOKEN"`)).toBeVisible();
    await expect(page.getByRole("figure", { name: /Cursor/ }).locator("pre")).toContainText(`"Authorization": "Bearer \${env:QUESTIONS_TOKEN}"`);
    await expect(page.getByRole("figure", { name: /OpenCode/ }).locator("pre")).toContainText(`"Authorization": "Bearer {env:QUESTIONS_TOKEN}"`);
    await expect(page.getByRole("figure", { name: /Codex/ }).locator("pre")).toContainText(`bearer_token_env_var = "QUESTIONS_TOKEN"`);
    await expect(page.getByRole("figure", { name: /Shell/ }).locator("pre")).toHaveText("export QUESTIONS_TOKEN='<paste the token above>'");
    await expect(page.locator("pre").filter({ hasText: `curl -s ${origin}/api/v1/requests -H "Authorization: Bearer $QUESTIONS_TOKEN"` })).toBeVisible();
    // The token is on the page once: in its own field, which is not a snippet.
    const snippetsText = (await page.locator("figure pre").allTextContents()).join("\n");
    expect(snippetsText).not.toContain(token);
    expect(snippetsText).not.toContain(token.slice(-12));
  });

  test("rows mark secrets, leave out a lone team's name, and show backticks as code", async ({ page }) => {
    const tag = uid();
    const reviewer = await seedUser({ role: "reviewer" });
    const agent = await agentFor(reviewer.teamSlug, "ask");
    await agent.create({
      source: "internal",
      title: `Set \`DATABASE_URL\` for ${tag}`,
      agent: { name: `env-bot-${tag}` },
      questions: [{ id: "url", header: "URL", prompt: "The connection string", kind: "freeform", secret: true }],
    });
    await agent.create(single(tag));
    await signIn(page, reviewer, "/inbox");
    const secretRow = page.getByRole("link", { name: new RegExp(`Set DATABASE_URL for ${tag}`) });
    await expect(secretRow.getByText("Secret", { exact: true })).toBeVisible();
    await expect(secretRow.locator("code")).toHaveText("DATABASE_URL");
    const plainRow = page.getByRole("link", { name: new RegExp(`Pick a database ${tag}`) });
    await expect(plainRow.getByText("Secret", { exact: true })).toHaveCount(0);
    await expect(plainRow).not.toContainText(reviewer.teamSlug);
  });

  test("after setup, Settings says where to create a token and what to paste", async ({ page }) => {
    const admin = await seedUser({ role: "admin" });
    await signIn(page, admin, "/settings?welcome=1");
    await expect(page.getByRole("status").filter({ hasText: "Your admin account is ready." })).toContainText(
      "create a token with the ask scope. The panel that shows it (once) has the MCP and REST snippets to paste",
    );
    await page.goto("/settings");
    await expect(page.getByText("Your admin account is ready.")).toHaveCount(0);
  });

  test("a request page shows a skeleton in the form's shape while it loads", async ({ page }) => {
    const tag = uid();
    const reviewer = await seedUser({ role: "reviewer" });
    const created = await (await agentFor(reviewer.teamSlug, "ask")).create(single(tag));
    await signIn(page, reviewer, "/inbox");
    // Hold the page's data back for a moment so the loading state is there to see.
    await page.route(`**/inbox/${created.id}**`, async (route) => {
      await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    await page.getByRole("link", { name: new RegExp(`Pick a database ${tag}`) }).click();
    await expect(page.getByText("Loading the request")).toBeAttached();
    await expect(page.getByRole("radiogroup", { name: "Which database?" })).toBeVisible();
  });
});
