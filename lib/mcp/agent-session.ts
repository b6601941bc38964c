// The agent's own session for an MCP tool call, as the client names it: `_meta` of the call
// (`sessionId`, `session_id`, or a namespaced `<vendor>/sessionId`), else a header
// (`X-Agent-Session-Id`, or Claude Code's `X-Claude-Code-Session-Id`). None: no sessionId at all —
// the transport's Mcp-Session-Id is the same for every chat of one client connection, so naming it
// as the agent's session would merge unrelated conversations (it is kept apart, as mcpSessionId).
import { headerOf, type AnyRequest } from "../http/headers";

const HEADERS = ["x-agent-session-id", "x-claude-code-session-id"];
const META_KEY = /^(?:[\w.-]+\/)?session[_-]?id$/i;
const VALID = /^[\x21-\x7e]{1,200}$/;

const valid = (v: unknown): string | undefined => (typeof v === "string" && VALID.test(v.trim()) ? v.trim() : undefined);

export function agentSessionOf(meta: Record<string, unknown> | undefined, req: AnyRequest): string | undefined {
  for (const [key, value] of Object.entries(meta ?? {})) {
    if (META_KEY.test(key) && valid(value)) return valid(value);
  }
  for (const name of HEADERS) {
    const v = valid(headerOf(req, name));
    if (v) return v;
  }
  return undefined;
}
