// The official MCP SDK client against /api/mcp, plus a poll for the request a call created.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { QuestionRequest } from "@/lib/questions/schemas";
import type { QuestionsClient } from "@openoxide/questions-client";

export type McpConnection = { client: Client; transport: StreamableHTTPClientTransport; close: () => Promise<void> };

export async function connectMcp(baseUrl: string, token: string | null, clientName: string, headers: Record<string, string> = {}): Promise<McpConnection> {
  const transport = new StreamableHTTPClientTransport(new URL("/api/mcp", baseUrl), {
    requestInit: { headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) } },
  });
  const client = new Client({ name: clientName, version: "1.0.0" });
  await client.connect(transport);
  return { client, transport, close: () => client.close() };
}

/** Polls a REST list until a pending request from this agent name shows up. */
export async function pendingFrom(api: QuestionsClient, agentName: string, timeoutMs = 20_000): Promise<QuestionRequest> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { data } = await api.list({ status: "pending", agent: agentName });
    if (data[0]) return data[0];
    if (Date.now() > deadline) throw new Error(`no pending request from ${agentName}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
