// Every route of the agent API's table (lib/api/routes.ts), asked over HTTP on the suite's server:
// without a token it is 401, with a token lacking all its scopes 403 (before its body is read),
// with one of its scopes it is not refused, a body its schema rejects is a problem+json 4xx, and
// the public routes answer without a token. Behaviour, not the route files' text.
import { describe, expect, it } from "vitest";
import { ROUTES, type RouteSpec } from "@/lib/api/routes";
import { clients, singleSelect, uid } from "../helpers/clients";

const { baseUrl, agent, tokens } = clients();
const byScope = { ask: tokens.agent, answer: tokens.reviewer, read: tokens.reader } as const;
const entries = Object.entries(ROUTES) as [string, RouteSpec][];

let requestId: string | null = null;
async function url(spec: RouteSpec): Promise<string> {
  requestId ??= (await agent.create(singleSelect())).id;
  return baseUrl + spec.path.replace("{id}", requestId).replace("{sessionId}", `s-${uid()}`);
}

/** One call; a stream is closed as soon as its status is known. A body that no schema accepts: nothing changes. */
async function call(spec: RouteSpec, token: string | null): Promise<{ status: number; type: string | null; text: string }> {
  const ac = new AbortController();
  const res = await fetch(await url(spec), {
    method: spec.method.toUpperCase(),
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(spec.method === "post" ? { "content-type": "application/json" } : {}) },
    body: spec.method === "post" ? "[]" : undefined,
    signal: ac.signal,
  });
  const stream = res.headers.get("content-type")?.startsWith("text/event-stream");
  const text = stream ? "" : await res.text();
  ac.abort();
  return { status: res.status, type: res.headers.get("content-type"), text };
}

describe("route scopes", () => {
  const scoped = entries.filter(([, spec]) => spec.scopes !== null);

  it.each(scoped)("%s: 401 without a token", async (_name, spec) => {
    const res = await call(spec, null);
    expect(res.status).toBe(401);
    expect(res.type).toBe("application/problem+json");
  });

  it.each(scoped)("%s: 403 for a token without its scopes, not refused with one of them", async (_name, spec) => {
    for (const [scope, token] of Object.entries(byScope)) {
      const res = await call(spec, token);
      if ((spec.scopes as readonly string[]).includes(scope)) {
        expect([401, 403], `${scope}: ${res.text}`).not.toContain(res.status);
        // The body `[]` is no route's: one with a body schema says so, as a problem.
        if (spec.body) {
          expect([400, 422], `${scope}: ${res.text}`).toContain(res.status);
          expect(res.type).toBe("application/problem+json");
        }
      } else {
        expect(res.status, `${scope}: ${res.text}`).toBe(403);
        expect(JSON.parse(res.text)).toMatchObject({ detail: expect.stringContaining(spec.scopes!.join(", ")) });
      }
    }
  });

  it.each(entries.filter(([, spec]) => spec.scopes === null))("%s: public, answers without a token", async (_name, spec) => {
    expect((await call(spec, null)).status).toBe(200);
  });
});
