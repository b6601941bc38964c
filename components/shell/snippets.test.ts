import { describe, expect, it } from "vitest";
import { snippets, TOKEN_VAR } from "./snippets";

describe("connect snippets", () => {
  it("name the environment variable and never hold a token", () => {
    const list = snippets("https://questions.example");
    expect(list.map((s) => s.id)).toEqual(["claude-code", "claude-code-mcp-json", "claude-code-hook", "claude-code-headless", "codex", "opencode", "cursor", "rest"]);
    for (const s of list) {
      expect(s.code).toContain(TOKEN_VAR);
      expect(s.code).not.toMatch(/oqt_/);
    }
    const byId = Object.fromEntries(list.map((s) => [s.id, s.code]));
    expect(byId["claude-code"]).toContain('--header "Authorization: Bearer $QUESTIONS_TOKEN"');
    expect(byId.opencode).toContain('"Authorization": "Bearer {env:QUESTIONS_TOKEN}"');
    expect(byId.cursor).toContain('"Authorization": "Bearer ${env:QUESTIONS_TOKEN}"');
    expect(byId["claude-code-mcp-json"]).toContain('"Authorization": "Bearer ${QUESTIONS_TOKEN}"');
    expect(byId.codex).toContain('bearer_token_env_var = "QUESTIONS_TOKEN"');
    expect(JSON.parse(byId["claude-code-hook"]!).hooks.PermissionRequest[0].hooks[0]).toMatchObject({
      url: "https://questions.example/api/v1/hooks/claude-code?timeout=300",
      timeout: 300,
      headers: { Authorization: "Bearer $QUESTIONS_TOKEN" },
      allowedEnvVars: ["QUESTIONS_TOKEN"],
    });
    expect(byId["claude-code-headless"]).toContain("--permission-prompt-tool mcp__questions__permission_prompt");
  });
});
