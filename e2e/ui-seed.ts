// Data for the page-wide checks (layout at 390 px, axe): one admin's team with a request whose
// context has a long code line, a multi-question request, an answered one for history, and a
// token, so every signed-in page has its fullest shape.
import { agentFor, createApiToken, seedUser, signIn, uid, type SeededUser } from "./helpers";
import type { Browser } from "@playwright/test";

export type UiSeed = { admin: SeededUser; longId: string; multiId: string; answeredId: string; tag: string };

const LONG_LINE = `const connectionString = "postgresql://questions:questions@db.internal.example.com:5432/production_database_with_a_long_name?sslmode=require&application_name=questions-${"x".repeat(120)}";`;

export const longContext = (tag: string) =>
  [
    `Migrating **service ${tag}** to a managed database. The current configuration:`,
    "",
    "```ts",
    LONG_LINE,
    "export default { pool: { min: 2, max: 10 }, statementTimeout: 30_000 };",
    "```",
    "",
    `A long unbroken token in prose: ${"averyveryverylongidentifier".repeat(6)}`,
    "",
    ...Array.from({ length: 12 }, (_, i) => `- Step ${i + 1}: check the replica lag and the connection count before switching over.`),
  ].join("\n");

export async function seedUi(): Promise<UiSeed> {
  const tag = uid();
  const admin = await seedUser({ role: "admin" });
  const agent = await agentFor(admin.teamSlug, "ask");
  const reviewer = await agentFor(admin.teamSlug, "answer");
  await createApiToken(admin.teamSlug, "ask", `ci-agent-with-a-long-name-${tag}`);
  const long = await agent.create({
    title: `Switch \`service-${tag}\` to the managed database?`,
    context: longContext(tag),
    agent: { name: `migrate-bot-${tag}`, sessionId: `session-${tag}-${"s".repeat(40)}` },
    timeoutSeconds: 3600,
    questions: [
      { id: "go", header: "Switch over", prompt: "Switch over tonight?", kind: "single_select", options: [{ label: "Yes, tonight" }, { label: "Wait for the weekend", description: "Lower traffic" }] },
    ],
  });
  const multi = await agent.create({
    source: "internal",
    title: `Configure the deploy ${tag}`,
    agent: { name: `deploy-bot-${tag}` },
    questions: [
      { id: "region", header: "Region", prompt: "Which region?", kind: "single_select", options: [{ label: "eu-west" }, { label: "us-east" }], allowCustom: true },
      { id: "features", header: "Features", prompt: "Which features?", kind: "multi_select", options: [{ label: "Metrics" }, { label: "Tracing" }] },
      { id: "apikey", header: "API key", prompt: "Paste the API key", kind: "freeform", secret: true },
    ],
  });
  const answered = await agent.create({
    title: `Pick a database ${tag}`,
    context: longContext(tag),
    agent: { name: `db-bot-${tag}` },
    questions: [{ id: "db", header: "Database", prompt: "Which database?", kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite" }] }],
  });
  await reviewer.reply(answered.id, { answers: { db: { selected: ["SQLite"], note: `embedded ${"n".repeat(150)}` } } });
  return { admin, longId: long.id, multiId: multi.id, answeredId: answered.id, tag };
}

/** A signed-in browser state for `user`, to open many contexts without signing in each time. */
export async function signedInState(browser: Browser, baseURL: string, user: SeededUser) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, user, "/inbox");
  const state = await context.storageState();
  await context.close();
  return state;
}

export type UiPage = { name: string; path: string; ready: string };

export const signedInPages = (s: UiSeed): UiPage[] => [
  { name: "inbox", path: "/inbox", ready: "Inbox" },
  { name: "request with a long code line", path: `/inbox/${s.longId}`, ready: "Switch over tonight?" },
  { name: "request with several questions", path: `/inbox/${s.multiId}`, ready: "Which region?" },
  { name: "history", path: "/history", ready: "History" },
  { name: "history detail", path: `/history/${s.answeredId}`, ready: `Pick a database ${s.tag}` },
  { name: "insights", path: "/insights", ready: "Time to answer per day" },
  { name: "settings", path: "/settings", ready: "Settings" },
  { name: "not found (signed in)", path: "/inbox/qr_does_not_exist", ready: "Not found" },
];

export const publicPages: UiPage[] = [
  { name: "landing", path: "/", ready: "Structured questions from AI agents" },
  { name: "sign in", path: "/signin", ready: "Sign in" },
  { name: "setup (complete)", path: "/setup", ready: "Setup is complete" },
  { name: "not found", path: "/no-such-page", ready: "Not found" },
];
