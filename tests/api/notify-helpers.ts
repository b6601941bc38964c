// Real peers for the notification tests: an HTTP receiver that records what it is sent, and a
// browser-like session (next-auth credentials sign-in) for the Settings routes.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { freePort } from "../helpers/server";

export type Received = { path: string; headers: IncomingHttpHeaders; body: string; json: Record<string, unknown> };

export type Receiver = {
  url: string;
  port: number;
  received: Received[];
  /** status to answer the next request with (default 200) */
  respond: (status: number | ((r: Received, n: number) => number)) => void;
  close: () => Promise<void>;
};

export async function startReceiver(port?: number): Promise<Receiver> {
  const received: Received[] = [];
  let respond: number | ((r: Received, n: number) => number) = 200;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(body) as Record<string, unknown>;
      } catch {
        // recorded as is
      }
      const r: Received = { path: req.url ?? "/", headers: req.headers, body, json };
      received.push(r);
      const status = typeof respond === "function" ? respond(r, received.length) : respond;
      res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "receiver says no");
    });
  });
  const p = port ?? (await freePort());
  await new Promise<void>((resolve) => server.listen(p, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${p}`,
    port: p,
    received,
    respond: (s) => (respond = s),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export async function waitFor<T>(what: string, fn: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signs in through next-auth's credentials flow and returns a fetch bound to that session. */
export async function signIn(baseUrl: string, email: string, password: string) {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [name, ...v] = pair!.split("=");
      jar.set(name!, v.join("="));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrfRes = await fetch(`${baseUrl}/api/auth/csrf`);
  keep(csrfRes);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const login = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookie() },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  keep(login);
  if (![...jar.keys()].some((k) => k.includes("session-token"))) throw new Error(`sign-in failed (${login.status})`);
  return async (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { cookie: cookie(), origin: baseUrl, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}
