// MCP waiting limits, read once from the environment (the lead moves these into lib/config/).
import { z } from "zod";

const McpEnv = z.object({
  // Under the usual 60 s tool-call timeout of MCP clients, so a call returns before they give up.
  MCP_WAIT_SECONDS: z.coerce.number().int().min(1).max(3600).default(50),
  // How often a waiting call sends notifications/progress (when the client gave a progressToken).
  MCP_PROGRESS_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
});
export type McpConfig = { waitSeconds: number; progressSeconds: number };

const g = globalThis as unknown as { __questionsMcpConfig?: McpConfig };

export function mcpConfig(): McpConfig {
  if (!g.__questionsMcpConfig) {
    const env = McpEnv.parse({
      MCP_WAIT_SECONDS: process.env.MCP_WAIT_SECONDS || undefined,
      MCP_PROGRESS_SECONDS: process.env.MCP_PROGRESS_SECONDS || undefined,
    });
    g.__questionsMcpConfig = { waitSeconds: env.MCP_WAIT_SECONDS, progressSeconds: env.MCP_PROGRESS_SECONDS };
  }
  return g.__questionsMcpConfig;
}
