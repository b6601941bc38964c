// Claude Code's decision shapes, as its hooks, its permission-prompt tool and the Agent SDK's
// `canUseTool` read them.
import type { ClaudeCodePermissionUpdate } from "../types.ts";

/** A permission update as Claude Code sends it (`permission_suggestions`) and reads it (`updatedPermissions`). */
export type PermissionUpdate = ClaudeCodePermissionUpdate & Record<string, unknown>;

export type Decision =
  | { behavior: "allow"; updatedInput: Record<string, unknown>; updatedPermissions?: PermissionUpdate[] }
  | { behavior: "deny"; message: string };
