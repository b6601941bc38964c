// A real MCP host: OpenCode (npm opencode-ai) with this server configured as a remote MCP server,
// exactly as the README shows, and a scripted model that calls ask_human. The reviewer answers
// through the REST API; the test reads what OpenCode handed the model as the tool result.
import { inject, afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionsClient } from "@/lib/client";
import { runAdmin } from "../helpers/cli";
import { clients, uid } from "../helpers/clients";
import { pendingFrom } from "../helpers/runtimes/mcp-client";
import { startChatModel, steps, type ChatModel } from "../helpers/runtimes/chat-model";
import { startOpenCode, type OpenCode } from "../helpers/runtimes/opencode";

const { baseUrl, reviewer } = clients();
let model: ChatModel;
let opencode: OpenCode;
let agent: QuestionsClient;

const askHuman = {
  title: "Queue storage",
  context: "The job queue needs at-least-once delivery.",
  questions: [
    {
      id: "db",
      header: "Database",
      prompt: "Which database should the queue use?",
      kind: "single_select",
      options: [
        { label: "PostgreSQL", description: "Already in production; needs a migration." },
        { label: "SQLite", description: "Embedded; one writer at a time." },
      ],
    },
  ],
};

beforeAll(async () => {
  const r = await runAdmin(inject("dataDir"), ["token", "create", "--team", "default", "--name", `opencode-${uid()}`, "--scopes", "ask"]);
  if (r.code !== 0) throw new Error(r.stderr);
  const token = r.stdout.trim().split("\n").at(-1)!.trim();
  agent = new QuestionsClient({ baseUrl, token });
  model = await startChatModel(steps([{ tool: "ask_human", args: askHuman }]));
  opencode = await startOpenCode({
    modelBaseUrl: model.baseUrl,
    mcp: { questions: { url: `${baseUrl}/api/mcp`, headers: { Authorization: `Bearer ${token}` } } },
  });
}, 240_000);

afterAll(async () => {
  await opencode?.dispose();
  await model?.stop();
});

describe("OpenCode as the MCP host", () => {
  it("offers ask_human to the model, waits for the reviewer, and hands the model the answer", async () => {
    const session = await opencode.createSession();
    await opencode.prompt(session, "Set up the job queue; ask me which database to use.");
    // OpenCode names the MCP tools `<server>_<tool>`.
    const pending = await pendingFrom(agent, "opencode", 90_000);
    expect(model.requests.some((r) => r.tools.includes("questions_ask_human") && r.tools.includes("questions_get_answer"))).toBe(true);
    expect(pending.agent.sessionId).toMatch(/^mcp_/);
    expect(pending.title).toBe("Queue storage");

    await reviewer.reply(pending.id, { answers: { db: { selected: ["PostgreSQL"], note: "we already operate it" } } });
    const result = await model.waitForToolResult((t) => t.tool === "questions_ask_human", 60_000);
    expect(result.output).toContain("The human answered:");
    expect(result.output).toContain('Database (db): PostgreSQL. Note: "we already operate it"');
  }, 180_000);
});
