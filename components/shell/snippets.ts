// What to paste to connect an agent (issue 13), naming an environment variable and never the token
// itself (issue 22): a file or a shell history is no place for a credential, and the README says
// the same. Each snippet is one entry, so other setups (e.g. Claude Code hooks) are one more entry.

/** The environment variable every snippet reads the token from, as in the README. */
export const TOKEN_VAR = "QUESTIONS_TOKEN";

export type Snippet = { id: string; label: string; code: string };

/** The README's hook block: Claude Code reads the token through allowedEnvVars; the file never holds it. */
function claudeHookSettings(origin: string): string {
  const hook = (url: string, timeout?: number) => ({
    type: "http",
    url,
    ...(timeout ? { timeout } : {}),
    headers: { Authorization: `Bearer $${TOKEN_VAR}` },
    allowedEnvVars: [TOKEN_VAR],
  });
  const url = `${origin}/api/v1/hooks/claude-code`;
  const settings = {
    permissions: { allow: ["mcp__questions__ask_human", "mcp__questions__get_answer"] },
    hooks: { PermissionRequest: [{ matcher: "*", hooks: [hook(`${url}?timeout=300`, 300)] }], SessionEnd: [{ hooks: [hook(url)] }] },
  };
  return JSON.stringify(settings, null, 2);
}

export function snippets(origin: string): Snippet[] {
  const mcp = `${origin}/api/mcp`;
  const bearer = (ref: string) => `Bearer ${ref}`;
  return [
    { id: "claude-code", label: "Claude Code", code: `claude mcp add --transport http questions ${mcp} --header "Authorization: ${bearer(`$${TOKEN_VAR}`)}"` },
    {
      id: "claude-code-mcp-json",
      label: "Claude Code, shared (.mcp.json)",
      code: JSON.stringify({ mcpServers: { questions: { type: "http", url: mcp, headers: { Authorization: bearer(`\${${TOKEN_VAR}}`) } } } }, null, 2),
    },
    { id: "claude-code-hook", label: "Claude Code's own prompts (.claude/settings.json)", code: claudeHookSettings(origin) },
    {
      id: "claude-code-headless",
      label: "Claude Code, headless (claude -p)",
      code: [
        `# with the MCP server above and ${TOKEN_VAR} in the environment`,
        `MCP_CONNECTION_NONBLOCKING=false claude -p "…" --permission-prompt-tool mcp__questions__permission_prompt`,
      ].join("\n"),
    },
    {
      id: "codex",
      label: "Codex (~/.codex/config.toml)",
      code: ["[mcp_servers.questions]", `url = "${mcp}"`, `bearer_token_env_var = "${TOKEN_VAR}"`, "tool_timeout_sec = 120", `default_tools_approval_mode = "approve"`].join("\n"),
    },
    {
      id: "opencode",
      label: "OpenCode (opencode.json)",
      code: JSON.stringify({ mcp: { questions: { type: "remote", url: mcp, headers: { Authorization: bearer(`{env:${TOKEN_VAR}}`) }, oauth: false } } }, null, 2),
    },
    {
      id: "cursor",
      label: "Cursor (.cursor/mcp.json)",
      code: JSON.stringify({ mcpServers: { questions: { url: mcp, headers: { Authorization: bearer(`\${env:${TOKEN_VAR}}`) } } } }, null, 2),
    },
    {
      id: "rest",
      label: "REST",
      code: [
        `curl -s ${origin}/api/v1/requests -H "Authorization: ${bearer(`$${TOKEN_VAR}`)}" -H "Content-Type: application/json" \\`,
        `  -d '{"agent":{"name":"my-agent"},"questions":[{"id":"db","header":"Database","prompt":"Which database?","kind":"single_select","options":[{"label":"PostgreSQL"},{"label":"SQLite"}]}]}'`,
      ].join("\n"),
    },
  ];
}

/** The one line that puts the token where the snippets look for it. */
export const exportLine = (placeholder: string) => `export ${TOKEN_VAR}='${placeholder}'`;
