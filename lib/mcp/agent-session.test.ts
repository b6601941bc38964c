import { describe, expect, it } from "vitest";
import { agentSessionOf } from "./agent-session";

const headers = (h: Record<string, string> = {}) => new Request("http://localhost/api/mcp", { headers: h });

describe("agentSessionOf", () => {
  it.each([
    [{ sessionId: "chat-1" }, {}, "chat-1"],
    [{ session_id: "chat-2" }, {}, "chat-2"],
    [{ "claudecode/sessionId": "chat-3" }, {}, "chat-3"],
    [{ progressToken: 1 }, { "x-agent-session-id": "from-header" }, "from-header"],
    [undefined, { "x-claude-code-session-id": "cc-1" }, "cc-1"],
    [{ sessionId: "meta-wins" }, { "x-agent-session-id": "header" }, "meta-wins"],
  ])("reads %j / %j", (meta, h, expected) => {
    expect(agentSessionOf(meta as Record<string, unknown> | undefined, headers(h))).toBe(expected);
  });

  it.each([[undefined], [{ sessionId: "" }], [{ sessionId: 42 }], [{ sessionId: "x".repeat(201) }], [{ sessionId: "has space" }], [{ toolUseId: "t" }]])(
    "is undefined for %j (never the transport's id)",
    (meta) => {
      expect(agentSessionOf(meta as Record<string, unknown> | undefined, headers())).toBeUndefined();
    },
  );
});
