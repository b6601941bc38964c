// The Claude Code hook endpoint at the HTTP level (raw fetch, Claude Code's exact body shapes):
// bad input is a clear problem+json that creates nothing; SessionEnd withdraws the session's
// waiting requests (and the waiting hook answers with no decision); an edited input goes back as
// updatedInput. The real Claude Code runs in claude-code-interactive/headless.test.ts.
import { describe, expect, it } from "vitest";
import { clients, uid } from "../helpers/clients";
import { askToken, nextPending } from "../helpers/runtimes/claude-inbox";

const { baseUrl, reviewer, tokens } = clients();
const URL_ = `${baseUrl}/api/v1/hooks/claude-code`;

function hook(body: unknown, opts: { token?: string | null; query?: string } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (opts.token !== null) headers.authorization = `Bearer ${opts.token ?? tokens.agent}`;
  return fetch(`${URL_}${opts.query ?? "?timeout=60"}`, { method: "POST", headers, body: JSON.stringify(body) });
}

const permission = (sessionId: string, extra: Record<string, unknown> = {}) => ({
  session_id: sessionId,
  transcript_path: "/home/me/.claude/projects/x/s.jsonl",
  cwd: "/home/me/project",
  permission_mode: "default",
  hook_event_name: "PermissionRequest",
  tool_name: "Bash",
  tool_input: { command: "npm test", description: "Run the tests" },
  ...extra,
});

describe("POST /api/v1/hooks/claude-code", () => {
  it.each([
    { name: "no token", token: null, body: permission("s"), status: 401, type: "/problems/unauthorized", paths: [] },
    { name: "a token without the ask scope", token: tokens.reviewer, body: permission("s"), status: 403, type: "/problems/forbidden", paths: [] },
    { name: "not a hook input", body: { tool: "Bash" }, status: 422, type: "/problems/validation", paths: ["hook_event_name"] },
    { name: "another hook event", body: { ...permission("s"), hook_event_name: "PreToolUse" }, status: 422, type: "/problems/validation", paths: ["hook_event_name"] },
    { name: "no tool input", body: permission("s", { tool_input: undefined }), status: 422, type: "/problems/validation", paths: ["tool_input"] },
    { name: "no timeout in the URL", query: "", body: permission("s"), status: 422, type: "/problems/validation", paths: ["timeout"] },
    { name: "a timeout too short to answer in", query: "?timeout=2", body: permission("s"), status: 400, type: "/problems/invalid-query", paths: ["timeout"] },
  ])("$name → $status, and nothing is created", async ({ token, body, query, status, type, paths }) => {
    const own = await askToken();
    const res = await hook({ ...body, session_id: `bad-${uid()}` }, { token: token === undefined ? own.token : token, query });
    expect(res.status).toBe(status);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const problem = await res.json();
    expect(problem.type).toBe(type);
    expect((problem.errors ?? []).map((e: { path: string }) => e.path)).toEqual(paths);
    expect((await own.client.list({})).data).toHaveLength(0);
  });

  it("SessionEnd withdraws the session's waiting requests; the waiting hook answers with no decision", async () => {
    const own = await askToken();
    const session = `s-${uid()}`;
    const waiting = hook(permission(session), { token: own.token });
    const pending = await nextPending(own.client, (r) => r.agent.sessionId === session);
    expect(pending).toMatchObject({ source: "internal", agent: { name: "Claude Code" }, context: "Working directory: `/home/me/project`" });

    const end = await hook({ session_id: session, cwd: "/home/me/project", hook_event_name: "SessionEnd", reason: "prompt_input_exit" }, { token: own.token, query: "" });
    expect(end.status).toBe(200);
    expect(await end.json()).toEqual({});
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({});
    expect((await own.client.get(pending.id)).status).toBe("cancelled");
  });

  it("an edited input goes back as updatedInput", async () => {
    const own = await askToken();
    const session = `s-${uid()}`;
    const waiting = hook(permission(session), { token: own.token });
    const pending = await nextPending(own.client, (r) => r.agent.sessionId === session);
    expect(pending.questions[0]).toMatchObject({ allowEdit: true, allowAlways: true });
    await reviewer.reply(pending.id, { answers: { approve: { decision: "approve", editedInput: { command: "npm run test:unit" } } } });
    expect(await (await waiting).json()).toEqual({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow", updatedInput: { command: "npm run test:unit" } } },
    });
  });
});
