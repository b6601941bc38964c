import { describe, expect, it } from "vitest";

// Before the first authSecret() call: otherwise it would generate a key file under DATA_DIR.
process.env.NEXTAUTH_SECRET = "unit-test-secret-unit-test-secret";

describe("MCP session ids", async () => {
  const { openSession, readSession, DEFAULT_CLIENT_NAME } = await import("./session");

  it("carry the client name and the agent session id, for the token that opened them only", () => {
    const s = openSession("tok_a", "claude-code");
    expect(s.id).toMatch(/^[\w-]{22}\.[\w-]+\.[\w-]{32}$/);
    expect(s.agentSessionId).toMatch(/^mcp_[\w-]{22}$/);
    expect(readSession("tok_a", s.id)).toEqual(s);
    expect(readSession("tok_b", s.id)).toBeNull();
  });

  it("refuse a tampered name, nonce or signature, and malformed headers", () => {
    const s = openSession("tok_a", "codex");
    const [nonce, name, mac] = s.id.split(".") as [string, string, string];
    const otherName = Buffer.from("cursor").toString("base64url");
    for (const bad of [`${nonce}.${otherName}.${mac}`, `${"A".repeat(22)}.${name}.${mac}`, `${nonce}.${name}.${"A".repeat(32)}`, "x", `${s.id}.x`, ""]) {
      expect(readSession("tok_a", bad)).toBeNull();
    }
  });

  it("fall back to a default name and cap it at the API's 100 characters", () => {
    expect(openSession("t", undefined).clientName).toBe(DEFAULT_CLIENT_NAME);
    expect(openSession("t", "   ").clientName).toBe(DEFAULT_CLIENT_NAME);
    expect(openSession("t", 42).clientName).toBe(DEFAULT_CLIENT_NAME);
    expect(openSession("t", "x".repeat(300)).clientName).toHaveLength(100);
  });
});
