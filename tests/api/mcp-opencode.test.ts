// A real MCP host: OpenCode (npm opencode-ai) with this server configured as a remote MCP server,
// with the README's own opencode.json block (only the URL changed), and a scripted model that calls
// ask_human. The reviewer answers through the REST API; the test reads what OpenCode handed the
// model as the tool result.
import { readFileSync } from "node:fs";
import path from "node:path";
import { inject, afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { runAdmin } from "../helpers/cli";
import { clients, uid } from "../helpers/clients";
import { pendingFrom } from "../helpers/runtimes/mcp-client";
import { startChatModel, steps, type ChatModel } from "../helpers/runtimes/chat-model";
import { startOpenCode, type OpenCode } from "../helpers/runtimes/opencode";
import { ROOT } from "../helpers/server";

/** The `mcp` entry of the README's OpenCode configuration, pointed at the test server. */
function readmeOpenCodeMcp(url: string): Record<string, unknown> {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Connect your agent"));
  const block = /\*\*OpenCode\*\*[\s\S]*?```json\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error("README: no OpenCode configuration block under 'Connect your agent'");
  const config = JSON.parse(block.replace(/^ {3}/gm, "").replaceAll("http://localhost:3000/api/mcp", url)) as { mcp: Record<string, unknown> };
  return config.mcp;
}

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
    config: { mcp: readmeOpenCodeMcp(`${baseUrl}/api/mcp`) },
    env: { QUESTIONS_TOKEN: token },
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
    expect(pending.agent.sessionId).toBeNull();
    expect(pending.title).toBe("Queue storage");

    await reviewer.reply(pending.id, { answers: { db: { selected: ["PostgreSQL"], note: "we already operate it" } } });
    const result = await model.waitForToolResult((t) => t.tool === "questions_ask_human", 60_000);
    expect(result.output).toContain("The human answered:");
    expect(result.output).toContain('Database (db): PostgreSQL. Note: "we already operate it"');
  }, 180_000);
});
