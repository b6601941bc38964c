import { describe, expect, it } from "vitest";
import { snippets, TOKEN_VAR } from "./snippets";

describe("connect snippets", () => {
  it("name the environment variable and never hold a token", () => {
    const list = snippets("https://questions.example");
    expect(list.map((s) => s.id)).toEqual(["claude-code", "claude-code-mcp-json", "codex", "opencode", "cursor", "rest"]);
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
  });
});
