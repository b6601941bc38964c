// LangGraph's own SDK client, made the one way the watcher and the tests use it.
import { Client } from "@langchain/langgraph-sdk";

export type LangGraphClient = Client;

export function langGraphClient(apiUrl: string, apiKey?: string): Client {
  // apiKey null: never fall back to a LANGGRAPH_API_KEY of this server's own environment.
  // No retries inside the SDK: the watcher retries a deployment with its own backoff.
  return new Client({ apiUrl, apiKey: apiKey ?? null, timeoutMs: 10_000, callerOptions: { maxRetries: 0 } });
}
