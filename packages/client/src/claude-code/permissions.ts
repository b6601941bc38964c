// "Approve always" as Claude Code's permission update (`updatedPermissions`): the suggestions
// Claude Code sent with the hook input (what its own dialog's "don't ask again" would do), else a
// rule for this tool call for the rest of the session. The reviewer sees it in words first.
import { mcpTool } from "./describe.ts";
import type { PermissionUpdate } from "./types.ts";

type Rule = { toolName: string; ruleContent?: string };

function ruleFor(toolName: string, input: Record<string, unknown>): Rule {
  if (toolName === "Bash" && typeof input.command === "string") return { toolName, ruleContent: input.command };
  if (toolName === "WebFetch" && typeof input.url === "string") {
    try {
      return { toolName, ruleContent: `domain:${new URL(input.url).hostname}` };
    } catch {
      return { toolName };
    }
  }
  return { toolName };
}

export function alwaysUpdates(toolName: string, input: Record<string, unknown>, suggestions?: PermissionUpdate[]): PermissionUpdate[] {
  if (suggestions?.length) return suggestions;
  return [{ type: "addRules", rules: [ruleFor(toolName, input)], behavior: "allow", destination: "session" }];
}

const WHERE: Record<string, string> = {
  session: "for the rest of this session",
  localSettings: "in this project, for this user (.claude/settings.local.json)",
  projectSettings: "in this project, for everyone (.claude/settings.json)",
  userSettings: "in every project of this user (~/.claude/settings.json)",
  cliArg: "for this run",
};

function ruleWords(r: unknown): string {
  const rule = r as Partial<Rule>;
  const mcp = typeof rule.toolName === "string" ? mcpTool(rule.toolName) : null;
  const tool = mcp ? `the MCP tool ${mcp.tool} (${mcp.server})` : (rule.toolName ?? "a tool");
  return rule.ruleContent ? `\`${tool}(${rule.ruleContent})\`` : `every use of ${tool.startsWith("the ") ? tool : `\`${tool}\``}`;
}

function updateWords(u: PermissionUpdate): string {
  const where = WHERE[u.destination ?? ""] ?? (u.destination ? `(${u.destination})` : "");
  const list = (v: unknown) => (Array.isArray(v) ? v : []);
  switch (u.type) {
    case "addRules":
    case "replaceRules":
      return `${u.behavior === "allow" || u.behavior === undefined ? "" : `${String(u.behavior)}: `}${list(u.rules).map(ruleWords).join(", ")} ${where}`;
    case "addDirectories":
      return `access to ${list(u.directories).map((d) => `\`${String(d)}\``).join(", ")} ${where}`;
    case "setMode":
      return `switching Claude Code to its "${String(u.mode)}" mode ${where}`;
    default:
      return `a "${u.type}" permission change ${where}`;
  }
}

export function grantInWords(updates: PermissionUpdate[]): string {
  return updates.map((u) => updateWords(u).trim()).join("; ");
}
