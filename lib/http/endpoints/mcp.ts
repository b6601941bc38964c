// /api/mcp — MCP Streamable HTTP: initialize, tools/list, tools/call (ask_human, get_answer) by
// POST; DELETE ends the session named by Mcp-Session-Id and cancels its pending requests; GET
// (a stream of server-initiated messages) is 405, after authentication like every API route.
import { ROUTES } from "../../api/routes";
import { handleDelete, handleGet, handlePost } from "../../mcp/server";
import { realtimeRoute } from "../route";

export const mcpPost = realtimeRoute(ROUTES.mcpPost, handlePost);
export const mcpDelete = realtimeRoute(ROUTES.mcpDelete, handleDelete);
export const mcpGet = realtimeRoute(ROUTES.mcpGet, handleGet);
