// MCP session ids that any instance can check without shared memory: the id carries the client's
// name and is signed (HMAC) for the token that opened it. Requests record `mcp_<nonce>` as their
// mcpSessionId (not the agent's sessionId: lib/mcp/agent-session.ts), which DELETE cancels.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { authSecret } from "../auth/secret";

export type McpSession = { id: string; agentSessionId: string; clientName: string };

export const DEFAULT_CLIENT_NAME = "mcp-client";

function mac(tokenId: string, nonce: string, name: string): string {
  return createHmac("sha256", authSecret()).update(`mcp-session|${tokenId}|${nonce}|${name}`).digest("base64url").slice(0, 32);
}

/** Agent names follow the API's limit (1–100 characters). */
export function clientName(raw: unknown): string {
  const name = typeof raw === "string" ? raw.trim().slice(0, 100).trim() : "";
  return name || DEFAULT_CLIENT_NAME;
}

export function openSession(tokenId: string, rawName: unknown): McpSession {
  const name = clientName(rawName);
  const nonce = randomBytes(16).toString("base64url");
  const encoded = Buffer.from(name, "utf8").toString("base64url");
  return { id: `${nonce}.${encoded}.${mac(tokenId, nonce, name)}`, agentSessionId: `mcp_${nonce}`, clientName: name };
}

/** The session behind an Mcp-Session-Id header, or null when it is malformed or another token's. */
export function readSession(tokenId: string, header: string): McpSession | null {
  const parts = header.split(".");
  if (parts.length !== 3) return null;
  const [nonce, encoded, signature] = parts as [string, string, string];
  if (!/^[\w-]{22}$/.test(nonce)) return null;
  const name = Buffer.from(encoded, "base64url").toString("utf8");
  const expected = Buffer.from(mac(tokenId, nonce, name));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { id: header, agentSessionId: `mcp_${nonce}`, clientName: name };
}
