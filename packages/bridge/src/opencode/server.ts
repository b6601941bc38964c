// A small client of `opencode serve`: its pending lists, its reply routes and its event stream.
// Every call has a timeout (a call made while OpenCode is still starting can hang).
import { readSse } from "@openoxide/questions-client";
import type { OpenCodeEvent, PermissionReply, PermissionRequest, QuestionReply, QuestionRequest } from "./types.ts";

export class OpenCodeHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const CALL_TIMEOUT_MS = 10_000;

export class OpenCodeServer {
  private readonly headers: Record<string, string>;

  constructor(
    readonly url: string,
    password?: string,
    username = "opencode",
  ) {
    this.url = url.replace(/\/+$/, "");
    // OpenCode's own clients send Basic auth (OPENCODE_SERVER_USERNAME, default "opencode").
    this.headers = password ? { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}` } : {};
  }

  questions(): Promise<QuestionRequest[]> {
    return this.call("GET", "/question");
  }

  permissions(): Promise<PermissionRequest[]> {
    return this.call("GET", "/permission");
  }

  /** Whether this server knows the session (another OpenCode server's sessions answer 404). */
  async hasSession(id: string): Promise<boolean> {
    try {
      await this.call("GET", `/session/${encodeURIComponent(id)}`);
      return true;
    } catch (e) {
      if (e instanceof OpenCodeHttpError && (e.status === 404 || e.status === 400)) return false;
      throw e;
    }
  }

  replyQuestion(id: string, body: QuestionReply): Promise<unknown> {
    return this.call("POST", `/question/${encodeURIComponent(id)}/reply`, body);
  }

  rejectQuestion(id: string): Promise<unknown> {
    return this.call("POST", `/question/${encodeURIComponent(id)}/reject`, {});
  }

  replyPermission(id: string, body: PermissionReply): Promise<unknown> {
    return this.call("POST", `/permission/${encodeURIComponent(id)}/reply`, body);
  }

  /** The event stream until it ends or `signal` aborts; throws when it cannot be opened. */
  async *events(signal: AbortSignal, onOpen: () => Promise<void>): AsyncGenerator<OpenCodeEvent> {
    // Only the opening is timed out (a restarting OpenCode can accept and then hang); the stream
    // itself stays open for as long as it lasts.
    const opening = new AbortController();
    const timer = setTimeout(() => opening.abort(new Error("opening the event stream timed out")), CALL_TIMEOUT_MS);
    const res = await fetch(`${this.url}/event`, {
      headers: { ...this.headers, accept: "text/event-stream" },
      signal: AbortSignal.any([signal, opening.signal]),
    }).finally(() => clearTimeout(timer));
    if (!res.ok || !res.body) throw new OpenCodeHttpError(res.status, `GET /event answered ${res.status}`);
    await onOpen();
    for await (const msg of readSse(res.body, { signal })) {
      try {
        yield JSON.parse(msg.data) as OpenCodeEvent;
      } catch {
        // not an event (a comment-like payload): nothing to act on
      }
    }
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: body === undefined ? this.headers : { ...this.headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await res.text();
    if (!res.ok) throw new OpenCodeHttpError(res.status, `${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}
