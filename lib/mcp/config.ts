// MCP waiting limits, from the one parsed configuration (lib/config/env.ts).
import { env } from "../config/env";

export type McpConfig = { waitSeconds: number; progressSeconds: number };

export function mcpConfig(): McpConfig {
  const e = env();
  return { waitSeconds: e.MCP_WAIT_SECONDS, progressSeconds: e.MCP_PROGRESS_SECONDS };
}
