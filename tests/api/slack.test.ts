// The Slack app against a local stand-in of Slack's Web API (tests/helpers/slack-standin.ts, which
// checks every call's shape and Block Kit limits). Interactions are signed here as Slack signs them
// and go through the real server, database and domain path; the member is found by the verified
// email the stand-in's users.info returns, or by a link made from Slack.
import { createHmac, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import type { CreateRequestInput, QuestionRequest } from "@/lib/questions/schemas";
import { runAdmin } from "../helpers/cli";
import { rawQuery } from "../helpers/raw-db";
import { migrate, ownDatabase, startServer, type TestServer } from "../helpers/server";
import { startSlackStandIn, type SlackStandIn } from "../helpers/slack-standin";
import { uid } from "../helpers/clients";
import { signIn, waitFor } from "./notify-helpers";

const BOT = `xoxb-${randomUUID()}`;
const SECRET = "8f742231b10e8888abcd99yyyzzz85a5".replace(/[yz]/g, "a"); // hex
const CHANNEL = "C0QUESTIONS";
const PUBLIC_URL = "https://questions.example.test";
const PASSWORD = "correct horse battery";

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-slack-"));
let server: TestServer;
let slack: SlackStandIn;
let dropDb: () => Promise<void>;
let agent: QuestionsClient;
let answerer: QuestionsClient;
const team = `slack-${uid()}`;
const alice = `alice-${uid()}@example.test`;
const bob = `bob-${uid()}@example.test`;

async function admin(args: string[], env: Record<string, string> = {}) {
  const r = await runAdmin(dataDir, args, { SLACK_API_URL: slack.url, ...env });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.trim().split("\n");
}

beforeAll(async () => {
  slack = await startSlackStandIn(BOT);
  slack.users.set("U0ALICE", { email: alice.toUpperCase(), confirmed: true });
  slack.users.set("U0BOB", { email: "bob@personal.example", confirmed: true });
  slack.users.set("U0MALLORY", { email: alice, confirmed: false }); // unverified email: not Alice
  dropDb = await ownDatabase(dataDir);
  migrate(dataDir);
  server = await startServer({ dataDir, env: { SLACK_API_URL: slack.url, PUBLIC_URL, NOTIFY_POLL_MS: "200", NOTIFY_RETRY_BASE_MS: "300", NOTIFY_RETRY_MAX_MS: "1000" } });
  await admin(["team", "create", team]);
  agent = answerer = new QuestionsClient({ baseUrl: server.url, token: (await admin(["token", "create", "--team", team, "--name", "agent", "--scopes", "ask,answer,read"])).at(-1)! });
  await admin(["user", "create", alice, "--password", PASSWORD, "--team", team, "--role", "reviewer"]);
  await admin(["user", "create", bob, "--password", PASSWORD, "--team", team, "--role", "admin"]);
  await admin(["slack", "connect", "--team", team, "--bot-token-env", "T_BOT", "--signing-secret-env", "T_SECRET", "--channel", CHANNEL], { T_BOT: BOT, T_SECRET: SECRET });
}, 300_000); // seven runs of the admin CLI: slow on a loaded machine

afterAll(async () => {
  await server?.stop();
  await slack?.close();
  await dropDb?.();
  if (!process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
  expect(slack.problems).toEqual([]);
});

type Json = Record<string, unknown>;
type Block = { type: string; block_id?: string; elements?: Json[]; element?: Json; text?: { text: string } };

const q = (over: Partial<CreateRequestInput["questions"][number]>) => ({ id: "q", header: "Question", prompt: "What now?", kind: "freeform" as const, ...over });
const request = (questions: CreateRequestInput["questions"], over: Partial<CreateRequestInput> = {}): CreateRequestInput => ({
  title: `Slack ${uid()}`,
  context: "We are migrating the billing service.",
  agent: { name: "slack-agent", sessionId: `s-${uid()}` },
  questions,
  ...over,
});
const approval = (over: Json = {}) => ({ id: "run", header: "Run", prompt: "Allow this command?", kind: "approval" as const, action: { tool: "bash", input: { command: "npm test" } }, ...over });

/** The request's one message as Slack shows it now (waits for it to be posted). */
async function message(id: string, until: (blocks: Block[]) => boolean = () => true) {
  return waitFor(`the message of ${id}`, () => {
    const posts = slack.calls.filter((c) => c.method === "chat.postMessage" && c.status === 200 && c.raw.includes(id));
    if (posts.length > 1) throw new Error(`${posts.length} messages for one request`);
    const m = [...slack.messages.entries()].find(([, v]) => JSON.stringify(v.blocks).includes(`${id}`));
    return m && until(m[1].blocks as Block[]) ? { ts: m[0], ...m[1], blocks: m[1].blocks as Block[] } : undefined;
  });
}
const elements = (blocks: Block[]): Json[] => blocks.flatMap((b) => (b.type === "actions" ? (b.elements ?? []).map((e) => ({ ...e, block_id: b.block_id })) : []));
const actionIds = (blocks: Block[]) => elements(blocks).map((e) => e.action_id);
const resolved = (blocks: Block[]) => !blocks.some((b) => b.type === "actions");

function sign(body: string, ts: string, secret = SECRET) {
  return `v0=${createHmac("sha256", secret).update(`v0:${ts}:${body}`).digest("hex")}`;
}
async function interact(payload: Json, opts: { secret?: string; ts?: string; signature?: string | null; body?: string } = {}) {
  const body = opts.body ?? `payload=${encodeURIComponent(JSON.stringify(payload))}`;
  const ts = opts.ts ?? String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", "x-slack-request-timestamp": ts };
  const signature = opts.signature === undefined ? sign(body, ts, opts.secret) : opts.signature;
  if (signature) headers["x-slack-signature"] = signature;
  return fetch(`${server.url}/api/slack/interactions`, { method: "POST", headers, body });
}
/** A click on a control of the posted message, as Slack sends it. */
async function click(msg: { ts: string; blocks: Block[] }, actionId: string, user = "U0ALICE", extra: Json = {}) {
  const el = elements(msg.blocks).find((e) => e.action_id === actionId);
  if (!el) throw new Error(`no ${actionId} in ${JSON.stringify(actionIds(msg.blocks))}`);
  const payload = {
    type: "block_actions",
    user: { id: user },
    team: { id: "T0STANDIN" },
    api_app_id: "A0APP",
    trigger_id: `trig-${uid()}`,
    channel: { id: CHANNEL },
    message: { ts: msg.ts },
    actions: [{ action_id: actionId, block_id: el.block_id, type: el.type, value: el.value, action_ts: String(Date.now() / 1000), ...extra }],
    state: { values: {} },
    ...(extra.state ? { state: extra.state } : {}),
  };
  return { payload, res: await interact(payload) };
}
function lastModal(): Json {
  const call = slack.calls.filter((c) => c.method === "views.open").at(-1)!;
  return JSON.parse(String(call.args.view)) as Json;
}
async function submit(view: Json, values: Record<string, Json>, user = "U0ALICE") {
  const state = Object.fromEntries(Object.entries(values).map(([block, v]) => [block, { value: v }]));
  return interact({ type: "view_submission", user: { id: user }, team: { id: "T0STANDIN" }, trigger_id: `trig-${uid()}`, view: { id: "V1", callback_id: view.callback_id, private_metadata: view.private_metadata, state: { values: state } } });
}
const audit = (id: string) => rawQuery<{ actor: string; address: string | null; action: string }>(dataDir, `SELECT "actor", "address", "action" FROM "AuditEntry" WHERE "target" = ? ORDER BY "seq"`, [id]);
const statusOf = async (id: string) => (await agent.get(id)).status;
const ephemerals = (user: string) => slack.calls.filter((c) => c.method === "chat.postEphemeral" && c.args.user === user).map((c) => String(c.args.text));

describe("Slack app", { timeout: 120_000 }, () => {
  it("posts one message per request with the controls of its kind", async () => {
    const few = await agent.create(request([q({ id: "db", kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite" }, { label: "MySQL" }] })]));
    const many = await agent.create(request([q({ id: "region", kind: "single_select", options: Array.from({ length: 8 }, (_, i) => ({ label: `region-${i}` })) })], { source: "internal" }));
    const multi = await agent.create(request([q({ id: "envs", kind: "multi_select", options: [{ label: "dev" }, { label: "staging" }, { label: "prod" }] })]));
    const text = await agent.create(request([q({ id: "why" })]));
    const approve = await agent.create(request([approval({ allowAlways: true })], { source: "internal" }));
    const several = await agent.create(request([q({ id: "a" }), q({ id: "b", kind: "single_select", options: [{ label: "x" }, { label: "y" }] })]));
    const secret = await agent.create(request([q({ id: "pin", secret: true })], { source: "internal" }));

    expect(actionIds((await message(few.id)).blocks)).toEqual(["opt_0", "opt_1", "opt_2", "answer", "open"]);
    const m = await message(many.id);
    expect(actionIds(m.blocks)).toEqual(["select", "answer", "open"]);
    expect(elements(m.blocks)[0]).toMatchObject({ type: "static_select" });
    expect(actionIds((await message(multi.id)).blocks)).toEqual(["checks", "submit", "answer", "open"]);
    expect(actionIds((await message(text.id)).blocks)).toEqual(["answer", "open"]);
    expect(actionIds((await message(approve.id)).blocks)).toEqual(["approve", "approve_always", "deny", "open"]);
    expect(actionIds((await message(several.id)).blocks)).toEqual(["answer", "open"]);
    const s = await message(secret.id);
    expect(actionIds(s.blocks)).toEqual(["open"]);
    expect(elements(s.blocks)[0]).toMatchObject({ text: { text: "Answer in the app" }, url: `${PUBLIC_URL}/inbox/${secret.id}` });
    // Title, agent and context excerpt are there; the message went to the connected channel with the bot token.
    const first = await message(few.id);
    expect(first.channel).toBe(CHANNEL);
    expect(JSON.stringify(first.blocks)).toContain("slack-agent");
    expect(JSON.stringify(first.blocks)).toContain("billing service");
  });

  it("a signed button click answers as the member Slack's verified email names, and the message then says who and what", async () => {
    const r = await agent.create(request([q({ id: "db", kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite" }] })]));
    const { res } = await click(await message(r.id), "opt_1");
    expect(res.status).toBe(200);
    const done = await agent.get(r.id);
    expect(done).toMatchObject({ status: "answered", resolvedBy: alice });
    expect(await audit(r.id)).toEqual([{ actor: alice, address: "slack:U0ALICE", action: "request.answered" }]);
    const updated = await message(r.id, resolved);
    expect(JSON.stringify(updated.blocks)).toContain(`Answered* by ${alice}`);
    expect(JSON.stringify(updated.blocks)).toContain("*Question*: SQLite");
    expect(slack.calls.filter((c) => c.method === "chat.update" && c.args.ts === updated.ts).length).toBeGreaterThan(0);
  });

  it("multi-select checkboxes are answered with Submit", async () => {
    const r = await agent.create(request([q({ id: "envs", kind: "multi_select", options: [{ label: "dev" }, { label: "staging" }, { label: "prod" }] })]));
    const msg = await message(r.id);
    const state = { values: { [`${r.id}:checks`]: { checks: { type: "checkboxes", selected_options: [{ value: "0" }, { value: "2" }] } } } };
    await click(msg, "submit", "U0ALICE", { state });
    expect((await agent.get(r.id)).status).toBe("answered");
    expect(JSON.stringify((await message(r.id, resolved)).blocks)).toContain("dev, prod");
  });

  it("a modal answers freeform, Other and a note at once; a bad submission names its block and changes nothing", async () => {
    const r = await agent.create(
      request([q({ id: "why", prompt: "Why?" }), q({ id: "db", kind: "single_select", allowCustom: true, options: [{ label: "PostgreSQL" }, { label: "SQLite" }] })]),
    );
    await click(await message(r.id), "answer");
    const view = lastModal();
    const blocks = (view.blocks as Block[]).map((b) => b.block_id).filter(Boolean);
    expect(blocks).toEqual(["q:why", "n:why", "q:db", "o:db", "n:db"]);

    const bad = await submit(view, { "q:why": { type: "plain_text_input", value: "" }, "o:db": { type: "plain_text_input", value: "CockroachDB" } });
    expect(await bad.json()).toMatchObject({ response_action: "errors", errors: { "q:why": expect.stringContaining("required") } });
    expect(await statusOf(r.id)).toBe("pending");

    const good = await submit(view, {
      "q:why": { type: "plain_text_input", value: "Cheaper to run" },
      "o:db": { type: "plain_text_input", value: "CockroachDB" },
      "n:db": { type: "plain_text_input", value: "only for the pilot" },
    });
    expect(good.status).toBe(200);
    expect(await good.text()).toBe("");
    const history = (await answerer.get(r.id)) as QuestionRequest;
    expect(history.status).toBe("answered");
    const text = JSON.stringify((await message(r.id, resolved)).blocks);
    expect(text).toContain("Cheaper to run");
    expect(text).toContain("Other: CockroachDB");
    expect(text).toContain("only for the pilot");
  });

  it("approvals: Approve and Approve always answer at once; Deny opens a modal for the note", async () => {
    const a = await agent.create(request([approval()], { source: "internal" }));
    await click(await message(a.id), "approve");
    expect((await message(a.id, resolved)).blocks.map((b) => b.text?.text ?? "").join("\n")).toContain("Approved");

    const always = await agent.create(request([approval({ allowAlways: true })], { source: "internal" }));
    await click(await message(always.id), "approve_always");
    const decided = await agent.get(always.id);
    expect(decided.response && "answers" in decided.response ? decided.response.answers.run?.decision : null).toBe("approve_always");

    const d = await agent.create(request([approval()], { source: "internal" }));
    await click(await message(d.id), "deny");
    expect(await statusOf(d.id)).toBe("pending");
    const view = lastModal();
    expect(view.callback_id).toBe("deny");
    const res = await submit(view, { "n:run": { type: "plain_text_input", value: "not on Fridays" } });
    expect(res.status).toBe(200);
    const text = JSON.stringify((await message(d.id, resolved)).blocks);
    expect(text).toContain("Denied");
    expect(text).toContain("not on Fridays");
  });

  it("a bad signature, an old timestamp or none at all gets 401 problem+json and changes nothing", async () => {
    const r = await agent.create(request([approval()], { source: "internal" }));
    const msg = await message(r.id);
    const { payload } = { payload: { type: "block_actions", user: { id: "U0ALICE" }, channel: { id: CHANNEL }, trigger_id: "t", actions: [{ action_id: "approve", block_id: `${r.id}:decide`, value: JSON.stringify({ r: r.id, q: "run" }) }] } };
    const old = String(Math.floor(Date.now() / 1000) - 6 * 60);
    for (const res of [await interact(payload, { secret: "0".repeat(32) }), await interact(payload, { ts: old }), await interact(payload, { signature: null }), await interact(payload, { signature: "v0=abc" })]) {
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
    }
    expect(await statusOf(r.id)).toBe("pending");
    expect(await audit(r.id)).toEqual([]);
    expect(msg.blocks.length).toBeGreaterThan(0);
  });

  it("an interaction Slack sends twice answers once", async () => {
    const r = await agent.create(request([approval()], { source: "internal", requiredApprovals: 2 }));
    const { payload, res } = await click(await message(r.id), "approve");
    expect(res.status).toBe(200);
    const again = await interact(payload);
    expect(again.status).toBe(200);
    const after = await agent.get(r.id);
    expect(after.status).toBe("pending");
    expect(after.approvals?.votes).toHaveLength(1);
    expect(ephemerals("U0ALICE").at(-1)).toContain("1 of 2 approvals");
  });

  it("an unmapped Slack user changes nothing and is offered a link; once linked in the app, the same click answers as that member", async () => {
    const r = await agent.create(request([approval()], { source: "internal" }));
    const msg = await message(r.id);
    for (const user of ["U0BOB", "U0MALLORY", "U0NOBODY"]) {
      const { res } = await click(msg, "approve", user);
      expect(res.status).toBe(200);
    }
    expect(await statusOf(r.id)).toBe("pending");
    expect(await audit(r.id)).toEqual([]);
    const offer = ephemerals("U0BOB").at(-1)!;
    expect(offer).toContain("not linked");
    const token = decodeURIComponent(/slackLink=([^\s&>]+)/.exec(offer)![1]!);

    const asBob = await signIn(server.url, bob, PASSWORD);
    expect((await asBob("POST", "/api/ui/slack/links", { token: `${token}x` })).status).toBe(422);
    expect((await asBob("POST", "/api/ui/slack/links", { token })).status).toBe(201);
    expect(await (await asBob("GET", "/api/ui/slack/links")).json()).toMatchObject({ data: [{ slackUserId: "U0BOB" }] });
    await click(msg, "approve", "U0BOB");
    expect(await agent.get(r.id)).toMatchObject({ status: "answered", resolvedBy: bob });
    expect((await audit(r.id)).map((e) => e.action)).toEqual(["request.answered"]);
  });

  it("a secret question gets no input in Slack, a forged Answer click is refused, and its value never reaches Slack", async () => {
    const r = await agent.create(request([q({ id: "pin", secret: true, prompt: "The deploy PIN?" })], { source: "internal" }));
    const msg = await message(r.id);
    const forged = { ...msg, blocks: [...msg.blocks, { type: "actions", block_id: `${r.id}:links`, elements: [{ type: "button", action_id: "answer", value: JSON.stringify({ r: r.id }) }] }] };
    const opened = slack.calls.filter((c) => c.method === "views.open").length;
    await click(forged, "answer");
    expect(slack.calls.filter((c) => c.method === "views.open").length).toBe(opened);
    expect(ephemerals("U0ALICE").at(-1)).toContain("answer it in the app");
    const value = `pin-${randomUUID()}`;
    await answerer.reply(r.id, { answers: { pin: { text: value } } });
    const updated = await message(r.id, resolved);
    expect(JSON.stringify(updated.blocks)).toContain("secret, given in the app");
    expect(slack.calls.some((c) => c.raw.includes(value))).toBe(false);
  });

  it("a request answered in the app, or cancelled by its agent, updates the same message", async () => {
    const r = await agent.create(request([q({ id: "db", kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite" }] })]));
    const posted = await message(r.id);
    await answerer.reply(r.id, { answers: { db: { selected: ["PostgreSQL"] } } });
    const updated = await message(r.id, resolved);
    expect(updated.ts).toBe(posted.ts);
    expect(JSON.stringify(updated.blocks)).toContain("*Question*: PostgreSQL");

    const c = await agent.create(request([q({ id: "why" })]));
    await message(c.id);
    await agent.cancel(c.id, "not needed any more");
    expect(JSON.stringify((await message(c.id, resolved)).blocks)).toContain("Cancelled");
  });

  it("Slack's 429 is retried through the outbox after its Retry-After", async () => {
    slack.rateLimit("chat.postMessage", 2);
    const r = await agent.create(request([q({ id: "why" })]));
    await message(r.id);
    const posts = slack.calls.filter((c) => c.method === "chat.postMessage" && c.raw.includes(r.id));
    expect(posts.map((p) => p.status)).toEqual([429, 200]);
    expect(posts[1]!.at - posts[0]!.at).toBeGreaterThanOrEqual(2000);
  });

  it("Settings: the manifest names the interactivity URL; a team may keep approvals in the app; disconnect stops the messages", async () => {
    const asBob = await signIn(server.url, bob, PASSWORD);
    const teamId = (await rawQuery<{ id: string }>(dataDir, `SELECT "id" FROM "Team" WHERE "slug" = ?`, [team]))[0]!.id;
    const url = `/api/ui/settings/teams/${teamId}/slack`;
    const got = (await (await asBob("GET", url)).json()) as { app: Json; manifest: { settings: { interactivity: { request_url: string } }; oauth_config: { scopes: { bot: string[] } } } };
    expect(got.app).toMatchObject({ connected: true, channel: CHANNEL, approvalsInApp: false });
    expect(JSON.stringify(got)).not.toContain(BOT);
    expect(got.manifest.settings.interactivity.request_url).toBe(`${PUBLIC_URL}/api/slack/interactions`);
    expect(got.manifest.oauth_config.scopes.bot).toEqual(expect.arrayContaining(["chat:write", "users:read.email"]));
    const bad = await asBob("PUT", url, { botToken: "xoxp-nope", signingSecret: SECRET, channel: "#general" });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual(["botToken", "channel"]);

    expect((await asBob("PATCH", url, { approvalsInApp: true })).status).toBe(200);
    const a = await agent.create(request([approval()], { source: "internal" }));
    const msg = await message(a.id);
    expect(actionIds(msg.blocks)).toEqual(["open"]);
    const forged = { ...msg, blocks: [...msg.blocks, { type: "actions", block_id: `${a.id}:decide`, elements: [{ type: "button", action_id: "approve", value: JSON.stringify({ r: a.id, q: "run" }) }] }] };
    await click(forged, "approve");
    expect(await statusOf(a.id)).toBe("pending");
    expect(ephemerals("U0ALICE").at(-1)).toContain("approvals in the app");
    const question = await agent.create(request([q({ id: "why" })]));
    expect(actionIds((await message(question.id)).blocks)).toEqual(["answer", "open"]);

    await admin(["slack", "disconnect", "--team", team]);
    const before = slack.calls.length;
    const after = await agent.create(request([q({ id: "why" })]));
    await agent.cancel(after.id);
    await answerer.reply(question.id, { answers: { why: { text: "done" } } });
    // Nothing more reaches Slack: the deliveries are written no more (the cache is invalidated by the CLI).
    await waitFor("the cancel to commit", async () => (await statusOf(after.id)) === "cancelled");
    expect(slack.calls.slice(before).filter((c) => c.raw.includes(after.id))).toEqual([]);
    const actions = await rawQuery<{ action: string }>(dataDir, `SELECT "action" FROM "AuditEntry" WHERE "teamId" = ? AND "action" LIKE 'slack.%' ORDER BY "seq"`, [teamId]);
    expect(actions.map((x) => x.action)).toEqual(["slack.connected", "slack.linked", "slack.updated", "slack.disconnected"]);
  });
});
