// The realtime routes: the entries of lib/api/routes.ts marked `realtime` (long-poll, event stream,
// MCP, the Claude Code hook, create/list and reply/reject) and its UI_REALTIME ones (the browser's
// event stream), served from node:http with node's own request and response, before
// Next.js sees the request (lib/http/server.ts). Every other path goes to Next's route files and
// pages; no path is served by both (routes.test.ts checks that no route file exists for these).
import type { IncomingMessage, ServerResponse } from "node:http";
import { ROUTES, UI_REALTIME, type RealtimeName } from "../api/routes";
import { claudeCodeHook } from "./endpoints/claude-code-hook";
import { getRequest } from "./endpoints/get-request";
import { mcpDelete, mcpGet, mcpPost } from "./endpoints/mcp";
import { rejectRequest, replyToRequest } from "./endpoints/decide";
import { createRequest, listRequests } from "./endpoints/requests";
import { streamEvents } from "./endpoints/stream-events";
import { uiEvents } from "./endpoints/ui-events";
import { API_HEADERS } from "../api/security-headers";
import { log } from "../log";
import type { Served } from "./route";

const HANDLERS: Record<RealtimeName, Served> = { createRequest, listRequests, getRequest, replyToRequest, rejectRequest, streamEvents, claudeCodeHook, mcpPost, mcpDelete, mcpGet };
const UI_HANDLERS: Record<keyof typeof UI_REALTIME, Served> = { uiEvents };

type Entry = { method: string; pattern: RegExp; names: string[]; serve: Served };

/** `/api/v1/requests/{id}` → a pattern capturing `id` (one path segment). */
function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { pattern: new RegExp(`^${source}$`), names };
}

const row = (route: { method: string; path: string }, serve: Served): Entry => ({ method: route.method.toUpperCase(), ...compile(route.path), serve });
const TABLE: Entry[] = [
  ...(Object.keys(HANDLERS) as RealtimeName[]).map((name) => row(ROUTES[name], HANDLERS[name])),
  ...(Object.keys(UI_HANDLERS) as (keyof typeof UI_REALTIME)[]).map((name) => row(UI_REALTIME[name], UI_HANDLERS[name])),
];

function answer405(res: ServerResponse, allow: string): void {
  res.writeHead(405, { ...API_HEADERS, allow, "content-length": 0 });
  res.end();
}

/** Serves `req` when its path is a realtime route's (true); false: Next.js serves it. */
export function serveRealtime(req: IncomingMessage, res: ServerResponse): boolean {
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  const method = req.method === "HEAD" ? "GET" : req.method;
  // A realtime path with another method is answered here too (405), never by Next.
  let allow: string[] | null = null;
  for (const entry of TABLE) {
    const m = entry.pattern.exec(path);
    if (!m) continue;
    if (entry.method !== method) {
      (allow ??= []).push(entry.method);
      continue;
    }
    // The intake (lib/api/intake.ts) has refused paths whose escapes do not decode.
    const params = Object.fromEntries(entry.names.map((n, i) => [n, decodeURIComponent(m[i + 1]!)]));
    entry.serve(req, res, params).catch((e: unknown) => {
      log.error({ method: req.method, path, error: (e as Error)?.name }, "realtime route failed to answer");
      res.destroy();
    });
    return true;
  }
  if (!allow) return false;
  answer405(res, allow.join(", "));
  return true;
}
