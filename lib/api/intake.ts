// What every request passes in the server (lib/http/server.ts) before any route sees it: forwarded
// headers dropped unless a proxy is trusted (client-address.ts); a Host header that makes a URL,
// a path whose percent-escapes decode, and a body within the limit —
// refused here, unauthenticated requests included, with a 4xx and no error log (a bad Host or
// escape made every URL parse downstream throw: a 500 and an error line).
// A declared Content-Length over the limit is refused before a byte is read; a chunked body is
// counted as node parses it (BodyLimitedMessage) and its stream fails with the 413 as soon as it
// passes the limit, so whoever reads it (lib/api/body.ts, in a realtime route or Next's) answers
// 413 without holding more than the limit.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { env } from "../config/env";
import { AppError } from "../errors";
import { requestLog } from "../log";
import { DRAIN_BYTES, MAX_BODY_BYTES, tooLarge } from "./body";
import { dropUntrustedForwarded } from "./client-address";
import { problemReply } from "./problem";

// RFC 3986 host (reg-name or IP literal) with an optional port: what `new URL()` needs.
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9\-._~!$&'()*+,;=%]+)(:\d{1,5})?$/i;

export function validHost(host: string): boolean {
  return HOST.test(host) && URL.canParse(`http://${host}/`);
}

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bad request</title></head><body><h1>Bad request</h1><p>The address is not valid: it has a broken percent-escape.</p><p><a href="/inbox">Go to the inbox</a></p></body></html>`;

function send(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string | number>, text: string): true {
  res.writeHead(status, { ...headers, "content-length": Buffer.byteLength(text), "cache-control": "no-store" });
  res.end(text);
  requestLog.info({ method: req.method, status }, "refused before routing");
  return true;
}

function sendProblem(req: IncomingMessage, res: ServerResponse, fixed: [string, string][], error: AppError): true {
  const reply = problemReply(error);
  return send(req, res, error.status, { ...Object.fromEntries(fixed), ...reply.headers }, reply.text);
}

/** Answers the request itself (true) when it must not reach any route; false: route it. */
export function intake(req: IncomingMessage, res: ServerResponse, fixed: [string, string][]): boolean {
  dropUntrustedForwarded(req, env().TRUST_PROXY);
  const host = req.headers.host;
  if (host !== undefined && !validHost(host)) {
    return sendProblem(req, res, fixed, new AppError("bad_request", "The Host header is not a valid host name."));
  }
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  if (!decodable(path)) {
    if (path.startsWith("/api/")) return sendProblem(req, res, fixed, new AppError("bad_request", "The path has a malformed percent-escape."));
    return send(req, res, 400, { "content-type": "text/html; charset=utf-8", "content-security-policy": "default-src 'none'", "x-content-type-options": "nosniff" }, PAGE);
  }
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > MAX_BODY_BYTES) return sendProblem(req, res, fixed, tooLarge(declared));
  return false;
}

const OVER = Symbol("over the body limit");
/** How long the rest of an over-limit body is still read after the 413 (see holdClose). */
const LINGER_MS = 2_000;

/** node's request, counting body bytes as they are parsed (http.createServer's IncomingMessage option). */
export class BodyLimitedMessage extends http.IncomingMessage {
  private received = 0;
  private [OVER] = false;

  /** Node's close of a `Connection: close` socket, held back until the rest of the body is read. */
  private closeWhenDrained: (() => void) | null = null;

  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk === null || chunk === undefined) {
      if (!this[OVER]) return super.push(chunk, encoding);
      this.closeWhenDrained?.();
      return true;
    }
    this.received += (chunk as Buffer).length;
    if (this[OVER]) {
      // Read and dropped, so the 413 reaches a client that is still sending (closing with unread
      // input would reset the connection under it), up to DRAIN_BYTES; then the connection closes.
      if (this.received > DRAIN_BYTES) this.socket?.destroy();
      return true;
    }
    if (this.received > MAX_BODY_BYTES) {
      this[OVER] = true;
      this.holdClose();
      this.on("error", () => {}); // a route that never reads the body must not see it as uncaught
      this.destroy(tooLarge(this.received));
      return true;
    }
    return super.push(chunk, encoding);
  }

  /**
   * A client that sent `Connection: close` gets its socket closed by node as soon as the 413 is
   * written; with the body still arriving, that close resets the connection and the client can
   * lose the 413 (EPIPE before it reads). Here the close is a lingering one: the response ends
   * with a FIN at once, the rest of the body is still read (and dropped) until it ends, the
   * client closes, DRAIN_BYTES pass or LINGER_MS elapse; then the socket is destroyed.
   */
  private holdClose(): void {
    const socket = this.socket;
    if (!socket) return;
    const destroySoon = socket.destroySoon.bind(socket); // ends, then destroys once flushed
    socket.destroySoon = () => {
      if (this.complete) return destroySoon();
      socket.end();
      this.closeWhenDrained = destroySoon;
      setTimeout(destroySoon, LINGER_MS).unref();
    };
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // Only the stream fails: the socket stays so the reader's 413 reaches the client.
    if (this[OVER]) return callback(error);
    super._destroy(error, callback);
  }
}
