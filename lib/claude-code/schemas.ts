// Claude Code's shapes, as far as this app reads them: the hook input it POSTs (PermissionRequest,
// SessionEnd; unknown fields ignored), the decision it reads back, and the permission-prompt
// tool's input. Verified against Claude Code 2.1.328 (tests/api/claude-code*.test.ts).
import { z } from "zod";

/** A permission update as Claude Code sends it in `permission_suggestions` and reads in `updatedPermissions`. */
export const PermissionUpdateSchema = z.looseObject({ type: z.string(), destination: z.string().optional() }).meta({ id: "ClaudeCodePermissionUpdate" });
export type { Decision, PermissionUpdate } from "@openoxide/questions-client/claude-code";

const ToolInput = z.record(z.string(), z.unknown()).meta({ description: "The tool's input, as Claude Code would run it." });

const PermissionRequestHook = z.looseObject({
  hook_event_name: z.literal("PermissionRequest"),
  session_id: z.string().min(1).max(200),
  cwd: z.string().max(4096).optional(),
  permission_mode: z.string().max(100).optional(),
  tool_name: z.string().trim().min(1).max(100),
  tool_input: ToolInput,
  permission_suggestions: z.array(PermissionUpdateSchema).max(50).optional(),
});

const SessionEndHook = z.looseObject({
  hook_event_name: z.literal("SessionEnd"),
  session_id: z.string().min(1).max(200),
  reason: z.string().max(200).optional(),
});

export const ClaudeCodeHookSchema = z
  .discriminatedUnion("hook_event_name", [PermissionRequestHook, SessionEndHook], {
    error: "must be PermissionRequest or SessionEnd (configure this URL for those hook events only)",
  })
  .meta({ id: "ClaudeCodeHookInput", description: "Claude Code's hook input (https://code.claude.com/docs/en/hooks); fields not listed are ignored." });
export type ClaudeCodeHook = z.output<typeof ClaudeCodeHookSchema>;
export type PermissionRequestInput = z.output<typeof PermissionRequestHook>;

export const ClaudeCodeHookQuery = z
  .object({
    timeout: z.coerce
      .number()
      .int()
      .min(5)
      .max(86_400)
      .optional()
      .meta({ description: "The hook's `timeout` in seconds, repeated here (Claude Code does not send it); required for PermissionRequest." }),
  })
  .meta({ id: "ClaudeCodeHookQuery" });

const DecisionSchema = z.union([
  z.object({ behavior: z.literal("allow"), updatedInput: ToolInput, updatedPermissions: z.array(PermissionUpdateSchema).optional() }),
  z.object({ behavior: z.literal("deny"), message: z.string() }),
]);

export const ClaudeCodeHookOutput = z
  .object({
    hookSpecificOutput: z.object({ hookEventName: z.literal("PermissionRequest"), decision: DecisionSchema }).optional(),
  })
  .meta({ id: "ClaudeCodeHookOutput", description: "A decision, or `{}` (nobody decided in time: Claude Code asks in its terminal)." });

export const PermissionPromptInputSchema = z
  .object({
    tool_name: z.string().trim().min(1).max(100).meta({ description: "The tool Claude Code wants to run." }),
    input: ToolInput,
    tool_use_id: z.string().min(1).max(200).optional().meta({ description: "Claude Code's id for this tool call." }),
  });
