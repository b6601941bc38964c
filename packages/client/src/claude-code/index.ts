// `@openoxide/questions-client/claude-code`: Claude Code's tool calls as inbox requests and the
// reviewer's answer as Claude Code's decision (hooks, permission-prompt tool, Agent SDK).
export { AGENT_NAME, ASK_TOOL, answerText, askInput, mapToolCall, type Mapped, type ToolCall } from "./map.ts";
export { approvalText, mcpTool, type ApprovalText } from "./describe.ts";
export { alwaysUpdates, grantInWords } from "./permissions.ts";
export type { Decision, PermissionUpdate } from "./types.ts";
