// /api/mcp, a realtime route (lib/http/realtime.ts): one SDK Server for the process on a shared
// Streamable HTTP transport (./http-transport.ts), stateless, so any instance behind a load
// balancer can serve any request. What a session needs travels in its signed Mcp-Session-Id
// (lib/mcp/session.ts) and in the database; what a call needs, in its POST's context.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolRequest, type ProgressNotification } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { readJson } from "../api/body";
import { jsonReply, type Reply } from "../api/problem";
import type { RouteSpec } from "../api/routes";
import { headerOf } from "../http/headers";
import type { RealtimeContext } from "../http/route";
import { actorLabel } from "../auth/principal";
import { AppError } from "../errors";
import { cancelSession } from "../questions/actions";
import { agentSessionOf } from "./agent-session";
import { callTool } from "./calls";
import { mcpConfig } from "./config";
import { endSession, isEnded } from "./ended";
import { SharedHttpTransport, type CallOrigin } from "./http-transport";
import { MAX_BATCH, messagesOf, reserveCalls } from "./leases";
import { toolError, type ToolResult } from "./result";
import { openSession, readSession, type McpSession } from "./session";
import { GET_ANSWER, mcpTools } from "./tools";
import { ASK_HUMAN } from "../openapi/tool-schema";

const SERVER_INFO = { name: "openoxide-questions", title: "OpenOxide Questions", version: "0.1.0" };
const INSTRUCTIONS =
  "Ask a human reviewer through a shared inbox when a decision only they can make blocks you (ask_human), " +
  "and wait for the answer (get_answer when a call returns pending). Never use it for secrets.";

type Ctx = RealtimeContext<RouteSpec>;

function jsonRpcError(status: number, code: number, message: string): Reply {
  return jsonReply({ jsonrpc: "2.0", error: { code, message }, id: null }, status);
}

function isInitialize(body: unknown): { clientName: unknown } | null {
  const messages = Array.isArray(body) ? body : [body];
  const init = messages.find((m) => m && typeof m === "object" && (m as { method?: unknown }).method === "initialize") as
    | { params?: { clientInfo?: { name?: unknown } } }
    | undefined;
  return init ? { clientName: init.params?.clientInfo?.name } : null;
}

/** The session named by the request's Mcp-Session-Id; undefined when it names none of this token's or ended. */
async function sessionOf(ctx: Ctx): Promise<McpSession | null | undefined> {
  const header = headerOf(ctx.req, "mcp-session-id");
  if (!header) return null;
  const session = readSession(ctx.principal.tokenId, header);
  return session && !(await isEnded(session)) ? session : undefined;
}

/** What a tool call knows of the POST it came in: its route context and MCP session. */
type PostContext = { ctx: Ctx; session: McpSession | null };

/** A tool call's run, whichever way it came (the Server's handler or the transport's direct path). */
function runTool(request: CallToolRequest, origin: CallOrigin<PostContext>, cancelled: AbortSignal | null, notify: (n: ProgressNotification) => void): Promise<ToolResult> {
  const { ctx, session } = origin.context;
  const token = request.params._meta?.progressToken;
  const progress =
    token === undefined
      ? undefined
      : async (elapsed: number, total?: number) =>
          notify({
            method: "notifications/progress",
            params: { progressToken: token, progress: elapsed, ...(total === undefined ? {} : { total }), message: `Waiting for a human to answer (${elapsed} s)…` },
          });
  const lease = origin.leases.get(origin.clientId);
  // The call stops when its client goes away (ctx.signal, the lease's parent) or cancels it. A
  // waiting call waits on its lease, which a cancel ends: no composite AbortSignals per open call.
  const signal = lease || !cancelled ? ctx.signal : AbortSignal.any([cancelled, ctx.signal]);
  const agentSessionId = agentSessionOf(request.params._meta, ctx.req);
  return callTool({ principal: ctx.principal, session, agentSessionId, cfg: mcpConfig(), correlationId: ctx.correlationId, signal, progress, lease }, request.params.name, request.params.arguments);
}

function buildServer(transport: SharedHttpTransport<PostContext>): Server {
  const cfg = mcpConfig();
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: mcpTools(cfg) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const origin = transport.originOf(extra.requestId);
    // Its client went away before the call started: nobody will read the result.
    if (!origin) return toolError("The connection closed.");
    const lease = origin.leases.get(origin.clientId);
    if (lease) extra.signal.addEventListener("abort", () => lease.end(), { once: true });
    return runTool(request, origin, extra.signal, (n) => void extra.sendNotification(n).catch(() => undefined));
  });
  // The calls that wait for a human: answered by the transport itself, without the Server's per-request state (./http-transport.ts).
  transport.answerDirectly([ASK_HUMAN, GET_ANSWER], (request, call) => runTool(request, call, null, (n) => call.notify(n)));
  return server;
}

let shared: Promise<SharedHttpTransport<PostContext>> | null = null;

/** The process's one MCP Server, connected to its transport on first use. */
function mcpTransport(): Promise<SharedHttpTransport<PostContext>> {
  shared ??= (async () => {
    const transport = new SharedHttpTransport<PostContext>();
    await buildServer(transport).connect(transport);
    return transport;
  })();
  return shared;
}

// POST: one JSON-RPC message (or a batch of at most MAX_BATCH); initialize opens a session.
export async function handlePost(ctx: Ctx): Promise<Reply | null> {
  // The REST body rules apply: JSON only, 256 KiB at most (problem+json otherwise).
  const { raw } = await readJson(ctx.req, z.unknown());
  const messages = messagesOf(raw);
  if (!messages) return jsonRpcError(400, -32600, `Invalid Request: a batch holds at most ${MAX_BATCH} messages, each request with its own id.`);
  const init = isInitialize(raw);
  const session = init ? openSession(ctx.principal.tokenId, init.clientName) : await sessionOf(ctx);
  if (session === undefined) return jsonRpcError(404, -32001, "Session not found: initialize a new session.");
  const leases = await reserveCalls(ctx.principal.tokenId, messages, ctx.signal);
  try {
    const transport = await mcpTransport();
    // A successful initialize names the new session.
    const headers: Record<string, string> = init && session ? { "mcp-session-id": session.id } : {};
    await transport.handle({ context: { ctx, session }, raw, req: ctx.req, res: ctx.res, signal: ctx.signal, leases, headers });
    return null;
  } catch (e) {
    leases.releaseAll();
    throw e;
  }
}

// DELETE: the client ends its session (404 on every instance from then on); its pending requests are cancelled.
export async function handleDelete(ctx: Ctx): Promise<Reply> {
  const session = await sessionOf(ctx);
  if (session === null) {
    throw new AppError("validation", "Send the Mcp-Session-Id header of the session to end.", [{ path: "Mcp-Session-Id", message: "required" }]);
  }
  // Recorded first: from here on no instance serves the session, so nothing new lands in it.
  if (session === undefined || !(await endSession(ctx.principal.tokenId, session))) return jsonRpcError(404, -32001, "Session not found.");
  const scope = { teamId: ctx.principal.teamId, tokenId: ctx.principal.tokenId };
  const cancelled = await cancelSession({ scope, mcpSessionId: session.agentSessionId, actor: actorLabel(ctx.principal), address: ctx.address });
  return jsonReply({ cancelled });
}

// GET would open a stream for server-initiated messages; this server sends none outside a call.
export async function handleGet(): Promise<Reply> {
  return { status: 405, headers: { allow: "POST, DELETE" }, text: "" };
}
