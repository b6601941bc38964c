"use client";
// How to connect an agent (issue 13): the MCP endpoint and a REST call, with the token filled in
// when there is one (the token-created panel) or a placeholder (the empty inbox).
import Link from "next/link";
import { useState, useSyncExternalStore } from "react";
import { Button } from "../ui";

const noop = () => () => {};

/** This app's address as the browser sees it; a placeholder while rendering on the server. */
function useOrigin(): string {
  return useSyncExternalStore(noop, () => window.location.origin, () => "http://localhost:3000");
}

/** The README's hook block: the token comes from QUESTIONS_TOKEN (allowedEnvVars), never the file. */
function claudeHookSettings(origin: string): string {
  const hook = (url: string, timeout?: number) => ({
    type: "http",
    url,
    ...(timeout ? { timeout } : {}),
    headers: { Authorization: "Bearer $QUESTIONS_TOKEN" },
    allowedEnvVars: ["QUESTIONS_TOKEN"],
  });
  const url = `${origin}/api/v1/hooks/claude-code`;
  return JSON.stringify(
    {
      permissions: { allow: ["mcp__questions__ask_human", "mcp__questions__get_answer"] },
      hooks: {
        PermissionRequest: [{ matcher: "*", hooks: [hook(`${url}?timeout=300`, 300)] }],
        SessionEnd: [{ hooks: [hook(url)] }],
      },
    },
    null,
    2,
  );
}

export function snippets(origin: string, token: string) {
  const mcp = `${origin}/api/mcp`;
  return [
    { label: "Claude Code", code: `claude mcp add --transport http questions ${mcp} --header "Authorization: Bearer ${token}"` },
    {
      label: "Claude Code's own prompts (.claude/settings.json)",
      code: claudeHookSettings(origin),
    },
    {
      label: "Claude Code headless (claude -p)",
      code: [
        "# with the MCP server added as above, and QUESTIONS_TOKEN exported in this shell",
        `MCP_CONNECTION_NONBLOCKING=false claude -p "…" --permission-prompt-tool mcp__questions__permission_prompt`,
      ].join("\n"),
    },
    {
      label: "Codex (~/.codex/config.toml)",
      code: [
        `# in the shell that runs codex: export QUESTIONS_TOKEN=${token}`,
        "[mcp_servers.questions]",
        `url = "${mcp}"`,
        `bearer_token_env_var = "QUESTIONS_TOKEN"`,
        "tool_timeout_sec = 120",
        `default_tools_approval_mode = "approve"`,
      ].join("\n"),
    },
    {
      label: "OpenCode (opencode.json)",
      code: JSON.stringify({ mcp: { questions: { type: "remote", url: mcp, headers: { Authorization: `Bearer ${token}` }, oauth: false } } }, null, 2),
    },
    {
      label: "Cursor (.cursor/mcp.json)",
      code: JSON.stringify({ mcpServers: { questions: { url: mcp, headers: { Authorization: `Bearer ${token}` } } } }, null, 2),
    },
    {
      label: "REST",
      code: [
        `curl -s ${origin}/api/v1/requests -H "Authorization: Bearer ${token}" -H "Content-Type: application/json" \\`,
        `  -d '{"agent":{"name":"my-agent"},"questions":[{"id":"db","header":"Database","prompt":"Which database?","kind":"single_select","options":[{"label":"PostgreSQL"},{"label":"SQLite"}]}]}'`,
      ].join("\n"),
    },
  ];
}

function Snippet({ label, code }: { label: string; code: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <figure className="grid min-w-0 gap-1">
      <figcaption className="flex items-center justify-between gap-2 text-xs font-medium">
        <span>{label}</span>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Copy the ${label} snippet`}
          onClick={() => void navigator.clipboard?.writeText(code).then(() => setCopied(true), () => setCopied(false))}
        >
          {copied ? "Copied" : "Copy"}
        </Button>
      </figcaption>
      <pre className="relative max-w-full overflow-x-auto rounded-md bg-zinc-100 p-2.5 font-mono text-xs leading-relaxed text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100" tabIndex={0}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}

/** `token`: the new token (shown once), else a placeholder the reader replaces with theirs. */
export function ConnectAgent({ token }: { token?: string }) {
  const origin = useOrigin();
  return (
    <div className="grid min-w-0 gap-3 text-left text-sm">
      <p>
        Agents ask through the MCP endpoint <code className="font-mono text-xs break-all">{origin}/api/mcp</code> (Streamable HTTP, header{" "}
        <code className="font-mono text-xs">Authorization: Bearer {token ? "<token>" : "<your token>"}</code>) or the REST API, with a token that has the{" "}
        <code className="font-mono text-xs">ask</code> scope.
        {token ? null : (
          <>
            {" "}
            An admin creates tokens in{" "}
            <Link href="/settings" className="font-medium underline underline-offset-2">
              Settings
            </Link>
            .
          </>
        )}{" "}
        The README section “Connect your agent” has the setup for Claude Code, Codex,
        OpenCode and Cursor.
      </p>
      {snippets(origin, token ?? "<your token>").map((s) => (
        <Snippet key={s.label} label={s.label} code={s.code} />
      ))}
    </div>
  );
}
