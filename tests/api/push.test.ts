// Web Push against a local push service stand-in (tests/helpers/push-standin.ts) that verifies the
// VAPID JWT and decrypts every payload with the subscription's keys, as a browser would.
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { runAdmin } from "../helpers/cli";
import { uid } from "../helpers/clients";
import { rawQuery } from "../helpers/raw-db";
import { migrate, ownDatabase, startServer, type TestServer } from "../helpers/server";
import { startPushStandIn, type PushStandIn } from "../helpers/push-standin";
import { signIn, waitFor } from "./notify-helpers";

const PUBLIC_URL = "https://questions.example.test";
const PASSWORD = "correct horse battery";
const dataDir = mkdtempSync(path.join(tmpdir(), "oq-push-"));
let server: TestServer;
let push: PushStandIn;
let dropDb: () => Promise<void>;
let agent: QuestionsClient;
const team = `push-${uid()}`;
const alice = `alice-${uid()}@example.test`;
const env = () => ({ PUSH_HOSTS: "127.0.0.1", PUBLIC_URL, NOTIFY_POLL_MS: "200", NOTIFY_RETRY_BASE_MS: "300" });

async function admin(args: string[]) {
  const r = await runAdmin(dataDir, args);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.trim().split("\n");
}

beforeAll(async () => {
  push = await startPushStandIn();
  dropDb = await ownDatabase(dataDir);
  migrate(dataDir);
  server = await startServer({ dataDir, env: env() });
  await admin(["team", "create", team]);
  agent = new QuestionsClient({ baseUrl: server.url, token: (await admin(["token", "create", "--team", team, "--name", "agent", "--scopes", "ask,read"])).at(-1)! });
  await admin(["user", "create", alice, "--password", PASSWORD, "--team", team, "--role", "reviewer"]);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await push?.close();
  await dropDb?.();
  if (!process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
});

const devices = async (as: Awaited<ReturnType<typeof signIn>>) => ((await (await as("GET", "/api/ui/push/subscriptions")).json()) as { devices: number; publicKey: string });

describe("Web Push", { timeout: 120_000 }, () => {
  it("refuses endpoints outside PUSH_HOSTS or over plain http to a non-loopback host, naming the field", async () => {
    const asAlice = await signIn(server.url, alice, PASSWORD);
    const keys = push.subscribe().keys;
    for (const endpoint of ["https://push.evil.example/x", "http://10.0.0.7/push/x", "http://localhost:1/push/x", "ftp://127.0.0.1/x"]) {
      const res = await asAlice("POST", "/api/ui/push/subscriptions", { endpoint, expirationTime: null, keys });
      expect(res.status, endpoint).toBe(422);
      expect(((await res.json()) as { errors: { path: string }[] }).errors[0]!.path).toBe("endpoint");
    }
    const noKeys = await asAlice("POST", "/api/ui/push/subscriptions", { endpoint: `${push.origin}/push/x`, keys: { p256dh: "short", auth: "x" } });
    expect(noKeys.status).toBe(422);
    expect((await fetch(`${server.url}/api/ui/push/subscriptions`)).status).toBe(401);
    expect((await devices(asAlice)).devices).toBe(0);
  });

  it("a new request pushes an encrypted notification with title, agent, first question and link only; a 410 removes that subscription", async () => {
    const asAlice = await signIn(server.url, alice, PASSWORD);
    const { publicKey } = await devices(asAlice);
    expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    const phone = push.subscribe();
    const gone = push.subscribe();
    push.respond(gone.endpoint, 410);
    for (const sub of [phone, gone]) expect((await asAlice("POST", "/api/ui/push/subscriptions", sub)).status).toBe(201);
    expect((await devices(asAlice)).devices).toBe(2);

    const marker = `ctx-${uid()}`;
    const r = await agent.create({
      source: "internal",
      title: "Pick a database",
      context: `Private context ${marker}`,
      agent: { name: "push-agent" },
      questions: [
        { id: "db", header: "Database", prompt: "Which database?", kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite" }] },
        { id: "pin", header: "PIN", prompt: `Second question ${marker}`, kind: "freeform", secret: true },
      ],
    });
    const got = await waitFor("the push to the phone", () => push.received.find((p) => phone.endpoint.endsWith(p.id)));
    expect(got.problems).toEqual([]);
    expect(JSON.parse(got.payload!)).toEqual({ title: "push-agent: Pick a database", body: "Which database?", url: `${PUBLIC_URL}/inbox/${r.id}`, tag: r.id });
    expect(got.payload).not.toContain(marker);
    expect(Number(got.headers.ttl)).toBeGreaterThan(0);

    await waitFor("the 410 to remove the subscription", async () => (await devices(asAlice)).devices === 1);
    const rows = await rawQuery<{ endpoint: string }>(dataDir, `SELECT "endpoint" FROM "PushSubscription"`);
    expect(rows.map((x) => x.endpoint)).toEqual([phone.endpoint]);
    expect(push.received.filter((p) => p.problems.length)).toEqual([]);
  });

  it("an escalation pushes to the devices of the people on the escalation list", async () => {
    const bob = `bob-${uid()}@example.test`;
    await admin(["user", "create", bob, "--password", PASSWORD, "--team", team, "--role", "admin"]);
    const asBob = await signIn(server.url, bob, PASSWORD);
    const teamId = (await rawQuery<{ id: string }>(dataDir, `SELECT "id" FROM "Team" WHERE "slug" = ?`, [team]))[0]!.id;
    const asAlice = await signIn(server.url, alice, PASSWORD);
    const tablet = push.subscribe();
    expect((await asAlice("POST", "/api/ui/push/subscriptions", tablet)).status).toBe(201);
    expect((await asBob("PUT", `/api/ui/settings/teams/${teamId}/escalation`, { escalateAfterSeconds: 1, emails: [alice] })).status).toBe(200);
    const r = await agent.create({ agent: { name: "push-agent" }, title: "Rotate the keys", questions: [{ id: "ok", header: "Rotate", prompt: "Rotate now?", kind: "single_select", options: [{ label: "Yes" }, { label: "No" }] }] });
    const escalated = await waitFor("the escalation push", () =>
      push.received.find((p) => tablet.endpoint.endsWith(p.id) && p.payload?.includes("Escalated") && p.payload.includes(r.id)),
    );
    expect(escalated.problems).toEqual([]);
    expect(JSON.parse(escalated.payload!)).toMatchObject({ title: "Escalated: push-agent: Rotate the keys", body: "Rotate now?" });
    expect((await asBob("PUT", `/api/ui/settings/teams/${teamId}/escalation`, { escalateAfterSeconds: null, emails: [] })).status).toBe(200);
  });

  it("DELETE with the endpoint turns a device off", async () => {
    const asAlice = await signIn(server.url, alice, PASSWORD);
    const sub = push.subscribe();
    expect((await asAlice("POST", "/api/ui/push/subscriptions", sub)).status).toBe(201);
    const before = (await devices(asAlice)).devices;
    expect((await asAlice("DELETE", "/api/ui/push/subscriptions", { endpoint: sub.endpoint })).status).toBe(204);
    expect((await devices(asAlice)).devices).toBe(before - 1);
    expect((await asAlice("DELETE", "/api/ui/push/subscriptions", { endpoint: sub.endpoint })).status).toBe(404);
  });

  it("a device subscribed or removed between two requests counts for the next one (the team's targets are cached between creates)", async () => {
    const asAlice = await signIn(server.url, alice, PASSWORD);
    const ask = (title: string) => agent.create({ agent: { name: "push-agent" }, title, questions: [{ id: "ok", header: "Go", prompt: "Go on?", kind: "single_select", options: [{ label: "Yes" }, { label: "No" }] }] });
    const pushedTo = (sub: { endpoint: string }, requestId: string) => push.received.find((p) => sub.endpoint.endsWith(p.id) && p.payload?.includes(requestId));
    const watch = push.subscribe();
    expect((await asAlice("POST", "/api/ui/push/subscriptions", watch)).status).toBe(201);
    const first = await ask("First");
    await waitFor("the first push", () => pushedTo(watch, first.id));
    const late = push.subscribe();
    expect((await asAlice("POST", "/api/ui/push/subscriptions", late)).status).toBe(201);
    const second = await ask("Second");
    await waitFor("the push to the device subscribed after the first request", () => pushedTo(late, second.id));
    expect((await asAlice("DELETE", "/api/ui/push/subscriptions", { endpoint: late.endpoint })).status).toBe(204);
    const third = await ask("Third");
    await waitFor("the third push", () => pushedTo(watch, third.id));
    expect(pushedTo(late, third.id)).toBeUndefined();
  });

  it("refuses to start when the VAPID key file is gone while subscriptions exist", async () => {
    const file = path.join(dataDir, "vapid-keys.json");
    const keys = readFileSync(file, "utf8");
    await server.stop();
    unlinkSync(file);
    await expect(startServer({ dataDir, env: env() })).rejects.toThrow(/vapid-keys\.json is missing/);
    expect(existsSync(file)).toBe(false);
    expect(keys).toContain("privateKey");
  });
});
