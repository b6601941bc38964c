// History for leads: filters, detail with every answer and note, exports — and the secret value
// nowhere (page, RSC payloads, exports); reviewers and other teams get nothing, server-side.
import { expect, test, type Page, type Response } from "@playwright/test";
import { randomUUID } from "node:crypto";
import type { QuestionsClient } from "@openoxide/questions-client";
import { agentFor, seedUser, signIn, uid, type SeededUser } from "./helpers";

type Seed = { lead: SeededUser; answeredId: string; rejectedId: string; deployAgent: string; docsAgent: string; secret: string; tag: string };

async function seed(): Promise<Seed> {
  const tag = uid();
  const lead = await seedUser({ role: "lead" });
  const agent: QuestionsClient = await agentFor(lead.teamSlug, "ask");
  const reviewer: QuestionsClient = await agentFor(lead.teamSlug, "answer");
  const secret = `sk-live-${randomUUID()}`;
  const deployAgent = `deploy-bot-${tag}`;
  const docsAgent = `docs-bot-${tag}`;

  const answered = await agent.create({
    source: "internal",
    title: `Configure the deploy ${tag}`,
    context: `Deploying **service ${tag}**.\n\n<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>\n\n[bad](javascript:window.__xss=3)`,
    agent: { name: deployAgent, sessionId: `s-${tag}` },
    questions: [
      { id: "region", header: "Region", prompt: "Which region?", kind: "single_select", options: [{ label: "eu-west" }, { label: "us-east" }], allowCustom: true },
      { id: "features", header: "Features", prompt: "Which features?", kind: "multi_select", options: [{ label: "Metrics" }, { label: "Tracing" }, { label: "Alerts" }] },
      { id: "notes", header: "Notes", prompt: "Anything else?", kind: "freeform" },
      { id: "apikey", header: "API key", prompt: "Paste the API key", kind: "freeform", secret: true },
    ],
  });
  await reviewer.reply(answered.id, {
    answers: {
      region: { custom: "ap-south", note: `closest to users ${tag}` },
      features: { selected: ["Metrics", "Alerts"] },
      notes: { text: `ship it on friday ${tag}` },
      apikey: { text: secret, note: `rotate monthly ${tag}` },
    },
  });

  const rejected = await agent.create({
    title: `Pick a docs generator ${tag}`,
    agent: { name: docsAgent },
    questions: [{ id: "gen", header: "Generator", prompt: "Which docs generator?", kind: "single_select", options: [{ label: "Typedoc" }, { label: "Docusaurus" }] }],
  });
  await reviewer.reject(rejected.id, `Out of scope ${tag}`);
  return { lead, answeredId: answered.id, rejectedId: rejected.id, deployAgent, docsAgent, secret, tag };
}

/** Collects the body of every response the page gets from our server (HTML, RSC, JSON). */
function captureBodies(page: Page, origin: string): () => Promise<string[]> {
  const pending: Promise<string>[] = [];
  page.on("response", (res: Response) => {
    if (res.url().startsWith(origin)) pending.push(res.text().catch(() => ""));
  });
  return () => Promise.all(pending);
}

async function expectNoSecret(bodies: () => Promise<string[]>, secret: string): Promise<void> {
  const all = await bodies();
  expect(all.length).toBeGreaterThan(3);
  for (const body of all) expect(body).not.toContain(secret);
}

test.describe("history", () => {
  // Seeding runs the admin CLI several times; on a busy two-core machine that alone takes a while.
  test.describe.configure({ timeout: 120_000 });
  let s: Seed;
  test.beforeAll(async () => {
    s = await seed();
  });

  test("a lead sees and filters decisions by status, agent and text", async ({ page, baseURL }) => {
    const bodies = captureBodies(page, baseURL!);
    await signIn(page, s.lead, "/history");
    await page.goto("/history");
    const table = page.getByRole("table");
    await expect(table.getByRole("link", { name: `Configure the deploy ${s.tag}` })).toBeVisible();
    await expect(table.getByRole("link", { name: `Pick a docs generator ${s.tag}` })).toBeVisible();

    // Status filter
    await page.getByLabel("Status", { exact: true }).selectOption("rejected");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/status=rejected/);
    await expect(table.getByRole("link", { name: `Pick a docs generator ${s.tag}` })).toBeVisible();
    await expect(table.getByRole("link", { name: `Configure the deploy ${s.tag}` })).toHaveCount(0);

    // Agent filter (status cleared)
    await page.getByLabel("Status", { exact: true }).selectOption("");
    await page.getByLabel("Agent", { exact: true }).selectOption(s.deployAgent);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(table.getByRole("link", { name: `Configure the deploy ${s.tag}` })).toBeVisible();
    await expect(table.getByRole("link", { name: `Pick a docs generator ${s.tag}` })).toHaveCount(0);

    // Text search, on the request's text and on what was decided (Other text, notes; never a secret)
    await page.getByRole("link", { name: "Clear", exact: true }).click();
    // The form is re-created on each navigation: wait for the cleared one before typing into it.
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByLabel("Agent", { exact: true })).toHaveValue("");
    for (const q of [`closest to users ${s.tag}`, `AP-SOUTH`]) {
      await page.getByLabel("Search", { exact: true }).fill(q);
      await page.getByRole("button", { name: "Apply filters" }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(q).replace(/%20/g, "(\\+|%20)")}(&|$)`));
      await expect(page.getByLabel("Search", { exact: true })).toHaveValue(q);
      await expect(table.getByRole("link", { name: `Configure the deploy ${s.tag}` })).toBeVisible();
      await expect(table.getByRole("link", { name: `Pick a docs generator ${s.tag}` })).toHaveCount(0);
    }
    // (Outside the captured page: the search box echoes what was typed.)
    const bySecret = await (await page.request.get(`/history?q=${encodeURIComponent(s.secret)}`)).text();
    expect(bySecret).toContain("No decisions match these filters");
    expect(bySecret).not.toContain(`Configure the deploy ${s.tag}`);
    await page.getByLabel("Search", { exact: true }).fill(`DOCS GENERATOR ${s.tag}`);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(table.getByRole("link", { name: `Pick a docs generator ${s.tag}` })).toBeVisible();
    await expect(table.getByRole("link", { name: `Configure the deploy ${s.tag}` })).toHaveCount(0);

    // Cursor pages, one decision per page: newest (the rejection) first
    await page.goto("/history?limit=1");
    await expect(table.getByRole("link", { name: `Pick a docs generator ${s.tag}` })).toBeVisible();
    await page.getByRole("link", { name: "Older →" }).click();
    await expect(table.getByRole("link", { name: `Configure the deploy ${s.tag}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "Older →" })).toHaveCount(0);
    await page.getByRole("link", { name: "← Newer" }).click();
    await expect(table.getByRole("link", { name: `Pick a docs generator ${s.tag}` })).toBeVisible();

    // A filter that matches nothing shows the empty state
    await page.goto(`/history?q=${encodeURIComponent(`nothing-${s.tag}`)}`);
    await expect(page.getByText("No decisions match these filters")).toBeVisible();

    await expectNoSecret(bodies, s.secret);
  });

  test("the detail page shows every answer and note, inert context, and no secret value", async ({ page, baseURL }) => {
    const bodies = captureBodies(page, baseURL!);
    await signIn(page, s.lead, "/history");
    await page.goto("/history");
    await page.getByRole("link", { name: `Configure the deploy ${s.tag}` }).click();
    await expect(page).toHaveURL(new RegExp(`/history/${s.answeredId}$`));
    await expect(page.getByRole("heading", { name: `Configure the deploy ${s.tag}` })).toBeVisible();
    await expect(page.getByText("ap-south")).toBeVisible();
    await expect(page.getByText(`closest to users ${s.tag}`)).toBeVisible();
    await expect(page.getByText(`ship it on friday ${s.tag}`)).toBeVisible();
    await expect(page.getByText(`rotate monthly ${s.tag}`)).toBeVisible();
    const features = page.getByRole("article", { name: "Which features?" });
    await expect(features.getByRole("listitem").filter({ hasText: "(selected)" })).toHaveText([/Metrics/, /Alerts/]);
    await expect(page.getByText(/Secret provided by .+ \(API token\) at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(not yet claimed\)/)).toBeVisible();
    // The context is rendered, its HTML and javascript: link inert
    await expect(page.getByText(`service ${s.tag}`)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await expect(page.locator("main img, main script")).toHaveCount(0);
    for (const href of await page.locator("main a").evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))) expect(href).not.toMatch(/^\s*javascript:/i);
    expect(await page.content()).not.toContain(s.secret);

    // Detail of the rejected request: the reason
    await page.goto(`/history/${s.rejectedId}`);
    await expect(page.getByText(`Out of scope ${s.tag}`)).toBeVisible();
    await expect(page.getByText("reviewer_rejected")).toBeVisible();

    await expectNoSecret(bodies, s.secret);
  });

  test("exports hold the decisions and never the secret value", async ({ page }) => {
    await signIn(page, s.lead, "/history");
    const csv = await page.request.get(`/api/ui/history/export?format=csv&agent=${s.deployAgent}`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const text = await csv.text();
    expect(text).not.toContain(s.secret);
    const lines = text.trim().split("\n");
    expect(lines[0]).toContain("request_id,status,agent");
    expect(lines).toHaveLength(5); // header + one row per question
    expect(text).toContain("ap-south");
    expect(text).toContain("Metrics; Alerts");
    expect(lines.find((l) => l.includes(",apikey,"))).toMatch(/,provided,/);

    const json = await page.request.get("/api/ui/history/export?format=json");
    expect(json.status()).toBe(200);
    const raw = await json.text();
    expect(raw).not.toContain(s.secret);
    const data = JSON.parse(raw) as { id: string; status: string; response: { answers?: Record<string, { text: string | null; secret?: { provided: boolean; providedBy: string } }> } }[];
    expect(data.map((r) => r.id).sort()).toEqual([s.answeredId, s.rejectedId].sort());
    const key = data.find((r) => r.id === s.answeredId)!.response.answers!.apikey;
    expect(key.text).toBeNull();
    expect(key.secret).toMatchObject({ provided: true, providedBy: expect.stringContaining("token:") });

    const rejectedOnly = (await (await page.request.get("/api/ui/history/export?format=json&status=rejected")).json()) as { id: string }[];
    expect(rejectedOnly.map((r) => r.id)).toEqual([s.rejectedId]);
  });

  test("each row shows what was decided, never a secret; pickers hold the team's agents and reviewers", async ({ page, baseURL }) => {
    const bodies = captureBodies(page, baseURL!);
    await signIn(page, s.lead, "/history");
    await page.goto("/history");
    const answered = page.getByRole("row").filter({ has: page.getByRole("link", { name: `Configure the deploy ${s.tag}` }) });
    await expect(answered).toContainText(`Region: Other “ap-south” (note: “closest to users ${s.tag}”)`);
    await expect(answered).toContainText("Features: Metrics, Alerts");
    await expect(answered).toContainText(`Notes: “ship it on friday ${s.tag}”`);
    await expect(answered).toContainText("API key: secret provided");
    const rejected = page.getByRole("row").filter({ has: page.getByRole("link", { name: `Pick a docs generator ${s.tag}` }) });
    await expect(rejected).toContainText(`Declined: “Out of scope ${s.tag}”`);

    // Pickers: the values come from the team's decisions; picking one filters exactly.
    const agents = await page.getByLabel("Agent", { exact: true }).locator("option").allTextContents();
    expect(agents[0]).toBe("Any agent");
    expect(agents).toEqual(expect.arrayContaining([s.deployAgent, s.docsAgent]));
    const reviewerOptions = await page.getByLabel("Reviewer", { exact: true }).locator("option").allTextContents();
    const token = reviewerOptions.find((o) => o.endsWith(" (API token)"));
    expect(token).toBeDefined();
    await page.getByLabel("Reviewer", { exact: true }).selectOption({ label: token! });
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/reviewer=token%3A/);
    await expect(page.getByRole("table").getByRole("link")).toHaveCount(2);

    // A "from" after "to" says so (and offers the swap) instead of "No decisions match".
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(`/history?from=${today}&to=2020-01-01`);
    await expect(page.getByText(`The dates are the wrong way round: “from” (${today}) is after “to” (2020-01-01)`)).toBeVisible();
    await expect(page.getByText("No decisions match these filters")).toHaveCount(0);
    await page.getByRole("link", { name: "Swap the dates" }).click();
    await expect(page).toHaveURL(new RegExp(`from=2020-01-01&to=${today}`));
    await expect(page.getByRole("table").getByRole("link", { name: `Configure the deploy ${s.tag}` })).toBeVisible();
    const exp = await page.request.get(`/api/ui/history/export?format=json&from=${today}&to=2020-01-01`);
    expect(exp.status()).toBe(400);

    await expectNoSecret(bodies, s.secret);
  });

  test("a reviewer sees the decisions they made themselves, nothing else, and no export", async ({ page, baseURL }) => {
    const reviewer = await seedUser({ role: "reviewer", teamSlug: s.lead.teamSlug });
    const agent = await agentFor(s.lead.teamSlug, "ask");
    const mine = await agent.create({
      title: `Mine to decide ${s.tag}`,
      agent: { name: `own-bot-${s.tag}` },
      questions: [{ id: "go", header: "Go", prompt: "Ship it?", kind: "single_select", options: [{ label: "Yes" }, { label: "No" }] }],
    });
    await signIn(page, reviewer);
    const origin = new URL(baseURL!).origin;
    const reply = await page.request.post(`/api/ui/requests/${mine.id}/reply`, {
      headers: { "content-type": "application/json", origin },
      data: { answers: { go: { selected: ["Yes"], note: `my call ${s.tag}` } } },
    });
    expect(reply.status()).toBe(200);

    await page.getByRole("link", { name: "History" }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByText("The decisions you made")).toBeVisible();
    const table = page.getByRole("table");
    await expect(table.getByRole("link", { name: `Mine to decide ${s.tag}` })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: `Mine to decide ${s.tag}` })).toContainText(`Go: Yes (note: “my call ${s.tag}”)`);
    await expect(table.getByRole("link")).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
    await table.getByRole("link", { name: `Mine to decide ${s.tag}` }).click();
    await expect(page.getByText(`my call ${s.tag}`)).toBeVisible();

    for (const path of [`/history/${s.answeredId}`, `/history/${s.rejectedId}`]) {
      const res = await page.request.get(path);
      expect(res.status(), path).toBe(404);
      const body = await res.text();
      for (const leak of ["Configure the deploy", "Pick a docs generator", "ap-south", s.deployAgent]) expect(body, path).not.toContain(leak);
    }
    const list = await (await page.request.get(`/history?agent=${s.deployAgent}`)).text();
    expect(list).not.toContain("Configure the deploy");
    const exp = await page.request.get("/api/ui/history/export?format=json");
    expect(exp.status()).toBe(403);
    expect(await exp.text()).not.toContain(s.tag);
  });

  test("a lead of another team cannot open this team's decision by URL", async ({ page }) => {
    const other = await seedUser({ role: "lead" });
    await signIn(page, other);
    const res = await page.request.get(`/history/${s.answeredId}`);
    expect(res.status()).toBe(404);
    expect(await res.text()).not.toContain(s.tag);
    const exp = await page.request.get("/api/ui/history/export?format=json");
    expect(exp.status()).toBe(200);
    expect(await exp.text()).not.toContain(s.tag);
    await page.goto("/history");
    await expect(page.getByText("No decisions yet")).toBeVisible();
  });

  test("signed out, the export is refused", async ({ request }) => {
    const res = await request.get("/api/ui/history/export?format=csv");
    expect(res.status()).toBe(401);
  });
});
