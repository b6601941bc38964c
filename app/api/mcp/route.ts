import { apiRoute } from "@/lib/api/handler";
import { handleDelete, handleGet, handlePost } from "@/lib/mcp/server";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/mcp — MCP Streamable HTTP: initialize, tools/list, tools/call (ask_human, get_answer)
export const POST = apiRoute(["ask"], handlePost);

// DELETE /api/mcp — end the MCP session named by Mcp-Session-Id; cancels its pending requests
export const DELETE = apiRoute(["ask"], handleDelete);

// GET /api/mcp — no server-initiated stream: 405 (after authentication, like every API route)
export const GET = apiRoute(["ask"], async () => handleGet());
