// Agent presence and abandonment on a server of its own, with the limits shortened
// (PRESENCE_SECONDS=1, ABANDON_AFTER=4 s, MCP_WAIT_SECONDS=1): an MCP request whose agent stopped
// calling get_answer is withdrawn (and the audit trail says so), one with a live waiter is not, nor
// are Claude Code's hook and permission_prompt waits; the inbox shows who waits; a request with
// its own expiry or a callback stays; the default expiry (server and team) applies.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import type { AuditPage } from "@/lib/audit/list";
import type { InboxPage } from "@/lib/questions/inbox";
import type { QuestionRequest } from "@/lib/questions/schemas";
import { defaultTeamAdmin } from "../helpers/ui-admin";
import { singleSelect, uid } from "../helpers/clients";
import { connectMcp, pendingFrom } from "../helpers/runtimes/mcp-client";
import { migrate, ownDatabase, startServer, type TestServer } from "../helpers/server";
import { startReceiver, waitFor, type Receiver } from "./notify-helpers";

const ABANDON_SECONDS = 4;
const SERVER_DEFAULT_EXPIRY = 7200;
let server: TestServer;
let dataDir: string;
let team: Awaited<ReturnType<typeof defaultTeamAdmin>>;
let askToken: string;
let agent: QuestionsClient;
let reviewer: QuestionsClient;
let ui: Awaited<ReturnType<typeof defaultTeamAdmin>>["ui"];
let rx: Receiver;
let dropDatabase: () => Promise<void>;

// A database of its own (on PostgreSQL too): this server withdraws any request left alone for 5 s.
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "oq-presence-"));
  dropDatabase = await ownDatabase(dataDir);
  migrate(dataDir);
  rx = await startReceiver();
  const env = {
    PRESENCE_SECONDS: "1",
    ABANDON_AFTER: `${ABANDON_SECONDS}s`,
    MCP_WAIT_SECONDS: "1",
    DEFAULT_EXPIRES_SECONDS: String(SERVER_DEFAULT_EXPIRY),
    CALLBACK_HOSTS: "127.0.0.1",
  };
  server = await startServer({ dataDir, env, logName: "presence.log" });
  team = await defaultTeamAdmin(server.url, dataDir);
  ui = team.ui;
  askToken = await team.token(["ask"]);
  agent = new QuestionsClient({ baseUrl: server.url, token: askToken });
  // Answer scope only: its long-polls are a reviewer's, not the agent's presence.
  reviewer = new QuestionsClient({ baseUrl: server.url, token: await team.token(["answer"]) });
}, 600_000);

afterAll(async () => {
  await server?.stop();
  await rx?.close();
  await dropDatabase?.();
  if (dataDir && !process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
});

const question = singleSelect().questions;

async function inboxItem(id: string) {
  const page = (await (await ui("GET", "/api/ui/requests")).json()) as InboxPage;
  return page.data.find((r) => r.id === id);
}

describe("agent presence", () => {
  it("withdraws an MCP request whose agent stopped waiting, and keeps those with a live waiter", async () => {
    const name = `presence-${uid()}`;
    const [gone, staying] = [await connectMcp(server.url, askToken, `${name}-gone`), await connectMcp(server.url, askToken, `${name}-stays`)];
    // Claude Code's two ways to ask wait as long as it does: the HTTP hook and the MCP tool.
    const session = `cc-${uid()}`;
    const hooked = fetch(`${server.url}/api/v1/hooks/claude-code?timeout=120`, {
      method: "POST",
      headers: { authorization: `Bearer ${askToken}`, "content-type": "application/json" },
      body: JSON.stringify({ session_id: session, cwd: "/tmp", hook_event_name: "PermissionRequest", tool_name: "Bash", tool_input: { command: "npm test" } }),
    });
    const prompted = staying.client.callTool({ name: "permission_prompt", arguments: { tool_name: "Bash", input: { command: `make ${name}` } } }, undefined, { timeout: 120_000 });
    const claude = (match: (r: QuestionRequest) => boolean) => waitFor("Claude Code's request", async () => (await agent.list({ status: "pending", agent: "Claude Code" })).data.find(match));
    const hookId = (await claude((r) => r.agent.sessionId === session)).id;
    const promptId = (await claude((r) => JSON.stringify(r.questions).includes(`make ${name}`))).id;
    try {
      // Both return "pending" after MCP_WAIT_SECONDS; only one keeps calling get_answer.
      const first = await gone.client.callTool({ name: "ask_human", arguments: { questions: question } });
      const abandoned = (first.structuredContent as { requestId: string }).requestId;
      const kept = ((await staying.client.callTool({ name: "ask_human", arguments: { questions: question } })).structuredContent as { requestId: string }).requestId;
      let polling = true;
      const keepWaiting = (async () => {
        while (polling) await staying.client.callTool({ name: "get_answer", arguments: { requestId: kept } });
      })();

      const started = Date.now();
      const final = await reviewer.wait(abandoned, { timeoutMs: 30_000 });
      expect(final.status).toBe("cancelled");
      expect(final.resolvedBy).toBe("system");
      expect(final.response).toMatchObject({ rejection: { code: "cancelled" } });
      expect(JSON.stringify(final.response)).toContain("the agent stopped waiting");
      // Not before ABANDON_AFTER had passed since the agent was last seen.
      expect(Date.parse(final.resolvedAt!) - Date.parse(final.createdAt)).toBeGreaterThanOrEqual(ABANDON_SECONDS * 1000);
      expect(Date.now() - started).toBeLessThan(25_000);

      // The abandonment is in the team's audit trail, as the server's own change.
      const trail = (await (await ui("GET", `/api/ui/settings/teams/${team.teamId}/audit`)).json()) as AuditPage;
      expect(trail.data.find((e) => e.target === abandoned)).toMatchObject({ action: "request.cancelled", actor: "system" });

      // The live waiters' requests are still pending and show as waited for. Claude Code's were
      // made before the abandoned one, so they too are past ABANDON_AFTER.
      await new Promise((r) => setTimeout(r, 1500));
      for (const id of [kept, hookId, promptId]) expect((await reviewer.get(id)).status, id).toBe("pending");
      await waitFor("the live waiters shown", async () => {
        const page = (await (await ui("GET", "/api/ui/requests")).json()) as InboxPage;
        return [kept, hookId, promptId].every((id) => page.data.find((r) => r.id === id)?.presence?.state === "waiting");
      });
      polling = false;
      await reviewer.reply(kept, { answers: { db: { selected: ["SQLite"] } } });
      await keepWaiting;
      for (const id of [hookId, promptId]) await reviewer.reply(id, { answers: { approve: { decision: "approve" } } });
      expect(await (await hooked).json()).toMatchObject({ hookSpecificOutput: { decision: { behavior: "allow" } } });
      const [block] = (await prompted).content as { text: string }[];
      expect(JSON.parse(block!.text)).toMatchObject({ behavior: "allow" });
    } finally {
      await gone.close();
      await staying.close();
    }
  });

  it("shows the agent gone, then waiting again when it long-polls", async () => {
    const created = await agent.create(singleSelect({ timeoutSeconds: 600 }));
    const gone = await waitFor("the agent declared gone", async () => {
      const p = (await inboxItem(created.id))?.presence;
      return p?.state === "gone" ? p : undefined;
    });
    expect(Date.parse(gone.since)).toBe(Date.parse(created.createdAt));
    const poll = agent.get(created.id, { wait: 5 });
    await waitFor("the agent back", async () => (await inboxItem(created.id))?.presence?.state === "waiting");
    await reviewer.reply(created.id, { answers: { db: { selected: ["SQLite"] } } });
    expect((await poll).status).toBe("answered");
  });

  it("keeps a request with its own expiry or a callback when the agent is gone", async () => {
    const own = await agent.create(singleSelect({ timeoutSeconds: 600 }));
    const callback = await agent.create(singleSelect({ callbackUrl: `${rx.url}/cb` }));
    const plain = await agent.create(singleSelect());
    expect((await reviewer.wait(plain.id, { timeoutMs: 30_000 })).status).toBe("cancelled");
    expect((await reviewer.get(own.id)).status).toBe("pending");
    expect((await reviewer.get(callback.id)).status).toBe("pending");
    await reviewer.reject(own.id, "done");
    await reviewer.reject(callback.id, "done");
  });
});

describe("default expiry", () => {
  const lifetime = (r: { createdAt: string; expiresAt: string | null }) => (r.expiresAt ? (Date.parse(r.expiresAt) - Date.parse(r.createdAt)) / 1000 : null);
  const setDefault = (seconds: number | null) => ui("PUT", `/api/ui/settings/teams/${team.teamId}/default-expiry`, { seconds });

  it("applies DEFAULT_EXPIRES_SECONDS, then the team's setting, to requests that name none", async () => {
    const plain = await agent.create(singleSelect({ timeoutSeconds: undefined }));
    expect(lifetime(plain)).toBe(SERVER_DEFAULT_EXPIRY);
    expect(lifetime(await agent.create(singleSelect({ timeoutSeconds: 60 })))).toBe(60);

    expect((await setDefault(3600)).status).toBe(200);
    expect(lifetime(await agent.create(singleSelect()))).toBe(3600);
    expect((await setDefault(0)).status).toBe(200);
    expect(lifetime(await agent.create(singleSelect()))).toBeNull();
    expect((await setDefault(null)).status).toBe(200);
    expect(lifetime(await agent.create(singleSelect()))).toBe(SERVER_DEFAULT_EXPIRY);
  });

  it.each([[5], [604_801], [1.5], ["1h"]])("refuses %s as a team default, naming the field", async (seconds) => {
    const res = await ui("PUT", `/api/ui/settings/teams/${team.teamId}/default-expiry`, { seconds });
    expect(res.status).toBe(422);
    const problem = (await res.json()) as { errors: { path: string }[] };
    expect(problem.errors[0]!.path).toBe("seconds");
  });
});
