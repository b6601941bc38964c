// Writing a realtime route's answer to node's ServerResponse: the fixed API headers and the
// correlation id are set before the handler runs (so a stream or the MCP transport sends them
// too), a Reply's own headers and text in one writeHead and one end.
import type { ServerResponse } from "node:http";
import { API_HEADERS } from "../api/security-headers";
import type { Reply } from "../api/problem";

export function setFixedHeaders(res: ServerResponse, correlationId: string): void {
  for (const name in API_HEADERS) res.setHeader(name, API_HEADERS[name]!);
  res.setHeader("x-request-id", correlationId);
}

export function writeReply(res: ServerResponse, reply: Reply): void {
  if (res.headersSent) return void res.end();
  const headers: Record<string, string | number> = reply.headers;
  headers["content-length"] = Buffer.byteLength(reply.text);
  res.writeHead(reply.status, headers);
  res.end(reply.text);
}
