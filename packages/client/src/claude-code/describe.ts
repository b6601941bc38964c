// How a Claude Code tool call reads to the reviewer: a title, a header and a prompt per tool. The
// input itself is shown by the approval view (lib/questions/action-format.ts): Bash as the
// command, Edit/MultiEdit/Write as a diff or the new file, anything else (MCP tools) as JSON.
export type ApprovalText = { title: string; header: string; prompt: string };

const str = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim() : null);

/** `mcp__<server>__<tool>` → its parts (server names may hold single underscores). */
export function mcpTool(name: string): { server: string; tool: string } | null {
  const m = /^mcp__(.+?)__(.+)$/.exec(name);
  return m ? { server: m[1]!, tool: m[2]! } : null;
}

export function approvalText(toolName: string, input: Record<string, unknown>): ApprovalText {
  const path = str(input.file_path) ?? str(input.notebook_path);
  switch (toolName) {
    case "Bash": {
      const command = str(input.command) ?? "(no command)";
      const why = str(input.description);
      return { title: `Claude Code wants to run: ${command}`, header: "Run a command", prompt: why ? `Claude Code wants to run a command: ${why}` : "Claude Code wants to run a command." };
    }
    case "Edit":
    case "MultiEdit":
    case "NotebookEdit":
      return { title: `Claude Code wants to edit ${path ?? "a file"}`, header: "Edit a file", prompt: `Claude Code wants to edit ${path ?? "a file"}.` };
    case "Write":
      return { title: `Claude Code wants to write ${path ?? "a file"}`, header: "Write a file", prompt: `Claude Code wants to write ${path ?? "a file"} (the whole file is shown).` };
    case "WebFetch": {
      const url = str(input.url) ?? "(no URL)";
      const what = str(input.prompt);
      return { title: `Claude Code wants to fetch ${url}`, header: "Fetch a URL", prompt: `Claude Code wants to fetch ${url}${what ? `\n\nTo find out: ${what}` : ""}` };
    }
    case "WebSearch":
      return { title: `Claude Code wants to search the web`, header: "Search the web", prompt: `Claude Code wants to search the web for: ${str(input.query) ?? "(no query)"}` };
  }
  const mcp = mcpTool(toolName);
  if (mcp) {
    return { title: `Claude Code wants to call ${mcp.tool} (${mcp.server})`, header: "Call an MCP tool", prompt: `Claude Code wants to call the tool "${mcp.tool}" of the MCP server "${mcp.server}" with these arguments.` };
  }
  return { title: `Claude Code wants to use ${toolName}`, header: `Use ${toolName}`, prompt: `Claude Code wants to use the tool ${toolName}.` };
}
