// The rule "Approve always" proposes for an action (browser and server): the narrowest match (this
// exact command or path) and one wider step (the command's first words, the file's directory).
import { commandOf, isSimpleCommand, pathsOf, toolKind, type ToolKind } from "./match";

export type Suggestion = { tool: string; kind: ToolKind; exact: string | null; wider: string | null; why: string | null };

export function suggestRule(action: { tool: string; input: unknown }): Suggestion {
  const kind = toolKind(action.tool);
  if (kind === "shell") {
    const command = commandOf(action.input)?.replace(/[ \t]+/g, " ").trim() ?? null;
    if (!command) return { tool: action.tool, kind, exact: null, wider: null, why: "The input has no command to match." };
    if (!isSimpleCommand(command)) {
      return { tool: action.tool, kind, exact: null, wider: null, why: "This is a compound command (; & | ` $ ( ) < > or a newline): an allow rule never matches one." };
    }
    const words = command.split(" ");
    // One step wider: the first two words as a prefix (`npm test*`), or this command with anything after it.
    const wider = words.length > 2 ? `${words.slice(0, 2).join(" ")}*` : `${command}*`;
    return { tool: action.tool, kind, exact: command, wider, why: null };
  }
  if (kind === "edit") {
    const paths = pathsOf(action.input);
    if (!paths.length) return { tool: action.tool, kind, exact: null, wider: null, why: "The input names no file to match." };
    const first = paths[0]!;
    const dir = first.includes("/") ? `${first.slice(0, first.lastIndexOf("/"))}/**` : "**";
    return { tool: action.tool, kind, exact: paths.length === 1 ? first : null, wider: dir, why: null };
  }
  return { tool: action.tool, kind, exact: JSON.stringify(action.input ?? null), wider: "*", why: null };
}
