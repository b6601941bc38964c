// The Codex runner end to end: a real `codex app-server` (from @openai/codex) on a scripted
// Responses-API model, the runner as a real child process, this app's real server and inbox API.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, inject, test } from "vitest";
import { clients, uid } from "../helpers/clients";
import { startBridge, type BridgeProcess } from "../helpers/runtimes/bridge";
import { codexHome, type CodexHome } from "../helpers/runtimes/codex";
import { startResponsesModel, type ResponsesModel, type ScriptStep } from "../helpers/runtimes/responses-model";

const { baseUrl, reviewer, agent, tokens } = clients();
let running: { model: ResponsesModel; home: CodexHome; bridge: BridgeProcess } | undefined;

afterEach(async () => {
  if (!running) return;
  await running.bridge.stop();
  await running.model.close();
  running.home.cleanup();
  running = undefined;
});

async function runCodex(steps: ScriptStep[], finalText: string, opts: Parameters<typeof codexHome>[1] = {}) {
  const model = await startResponsesModel(steps, finalText);
  const home = codexHome(model.baseUrl, opts);
  const bridge = startBridge(["codex", "--cwd", home.workdir, "--", "Set the project up."], {
    ...home.env,
    QUESTIONS_URL: baseUrl,
    QUESTIONS_TOKEN: tokens.agent,
  });
  running = { model, home, bridge };
  return running;
}

/** The inbox request the runner logged for its n-th forwarded item. */
async function forwarded(bridge: BridgeProcess, n: number): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ids = [...bridge.stderr().matchAll(/→ (qr_[A-Za-z0-9_-]+)/g)].map((m) => m[1]);
    if (ids.length >= n) return ids[n - 1];
    if (Date.now() > deadline) throw new Error(`no item ${n} forwarded:\n${bridge.stderr()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("npm run bridge -- codex", () => {
  test("a request_user_input answered in the inbox reaches the model, and the agent's message is printed", async () => {
    const { model, bridge } = await runCodex(
      [
        {
          call: "request_user_input",
          arguments: {
            questions: [
              { id: "db", header: "Database", question: "Which database should the service use?", options: [{ label: "PostgreSQL", description: "server" }, { label: "SQLite", description: "file" }] },
            ],
          },
        },
      ],
      "Going with SQLite.",
    );
    const id = await forwarded(bridge, 1);
    const request = await reviewer.get(id);
    expect(request).toMatchObject({ status: "pending", source: "internal", agent: { name: "codex" } });
    expect(request.questions[0]).toMatchObject({ id: "db", kind: "single_select", allowCustom: true, options: [{ label: "PostgreSQL" }, { label: "SQLite" }] });

    await reviewer.reply(id, { answers: { db: { selected: ["SQLite"], note: "small deployment" } } });
    expect(await bridge.exited).toBe(0);
    expect(JSON.parse(model.toolOutputs()[0].output)).toEqual({ answers: { db: { answers: ["SQLite", "user_note: small deployment"] } } });
    expect(bridge.stdout()).toContain("Going with SQLite.");
  });

  test("command approvals: an approved command runs, a declined one does not", async () => {
    const marker = `ran-${uid()}`;
    const { model, home, bridge } = await runCodex(
      [
        { call: "exec_command", arguments: { cmd: `echo ${marker}`, sandbox_permissions: "require_escalated", justification: "Print a marker" } },
        { call: "exec_command", arguments: { cmd: "touch declined.txt", sandbox_permissions: "require_escalated", justification: "Create a file" } },
      ],
      "Finished.",
    );
    const first = await forwarded(bridge, 1);
    const approval = await reviewer.get(first);
    expect(approval.questions[0]).toMatchObject({ kind: "approval", allowAlways: true, action: { tool: "shell" } });
    expect(JSON.stringify(approval.questions[0])).toContain(`echo ${marker}`);
    await reviewer.reply(first, { answers: { approve: { decision: "approve" } } });

    const second = await forwarded(bridge, 2);
    await reviewer.reply(second, { answers: { approve: { decision: "deny", note: "not now" } } });
    expect(await bridge.exited).toBe(0);

    const [ran, declined] = model.toolOutputs();
    expect(ran.output).toContain(marker);
    expect(declined.output).not.toContain("Process exited with code 0");
    expect(existsSync(path.join(home.workdir, "declined.txt"))).toBe(false);
  });

  test("approve always becomes acceptForSession: the same command is not asked again", async () => {
    const marker = `again-${uid()}`;
    const step = { call: "exec_command", arguments: { cmd: `echo ${marker}`, sandbox_permissions: "require_escalated", justification: "Print a marker" } };
    const { model, bridge } = await runCodex([step, step], "Finished.");
    const id = await forwarded(bridge, 1);
    await reviewer.reply(id, { answers: { approve: { decision: "approve_always" } } });
    expect(await bridge.exited).toBe(0);
    expect(model.toolOutputs().map((o) => o.output.includes(marker))).toEqual([true, true]);
    expect([...bridge.stderr().matchAll(/→ qr_/g)]).toHaveLength(1);
  });

  test("a file-change approval shows the patch as a diff; approved, the file is written", async () => {
    const patch = "*** Begin Patch\n*** Add File: notes.txt\n+approved line\n*** End Patch\n";
    const { home, bridge } = await runCodex([{ call: "exec_command", arguments: { cmd: `apply_patch <<'EOF'\n${patch}EOF\n` } }], "Patched.", { sandboxMode: "read-only" });
    const id = await forwarded(bridge, 1);
    const approval = (await reviewer.get(id)).questions[0];
    const file = path.join(home.workdir, "notes.txt");
    expect(approval).toMatchObject({ kind: "approval", action: { tool: "apply_patch", input: { files: [file] } } });
    expect((approval.action?.input as { patch: string }).patch).toBe(`--- /dev/null\n+++ b/${file}\n+approved line`);
    expect(existsSync(file)).toBe(false);
    await reviewer.reply(id, { answers: { approve: { decision: "approve" } } });
    expect(await bridge.exited).toBe(0);
    expect(readFileSync(file, "utf8")).toBe("approved line\n");
  });

  test("Ctrl-C (SIGINT to the process group) withdraws the open request; a kill -9 is reconciled by the next start", async () => {
    const question = {
      call: "request_user_input",
      arguments: { questions: [{ id: "db", header: "Database", question: "Which database?", options: [{ label: "PostgreSQL", description: "server" }, { label: "SQLite", description: "file" }] }] },
    };
    const { bridge } = await runCodex([question], "Done.");
    const id = await forwarded(bridge, 1);
    bridge.signalGroup("SIGINT");
    expect(await bridge.exited).toBe(130);
    const withdrawn = await reviewer.get(id);
    expect(withdrawn.status).toBe("cancelled");
    expect(JSON.stringify(withdrawn.response)).toContain("the bridge stopped");
    await running!.model.close();
    running!.home.cleanup();
    running = undefined;

    // kill -9: no handler runs, the request stays pending until the next start.
    const killed = await runCodex([question], "Done.");
    const orphan = await forwarded(killed.bridge, 1);
    killed.bridge.signalGroup("SIGKILL");
    await killed.bridge.exited;
    expect((await reviewer.get(orphan)).status).toBe("pending");
    await killed.model.close();
    killed.home.cleanup();
    running = undefined;
    const next = await runCodex([], "Nothing to ask.");
    await next.bridge.waitFor(/withdrew 1 request\(s\) left pending by a bridge that was killed/);
    expect((await reviewer.get(orphan)).status).toBe("cancelled");
    expect(await next.bridge.exited).toBe(0);
  }, 180_000);

  test("a secret question's value reaches Codex and appears in no log, output or file Codex writes", async () => {
    const secret = `sk-${uid()}${uid()}`;
    const { model, bridge, home } = await runCodex(
      [
        {
          call: "request_user_input",
          arguments: { questions: [{ id: "api_key", header: "API key", question: "Paste the deploy key", isSecret: true, options: [{ label: "Paste", description: "a key" }, { label: "Skip", description: "none" }] }] },
        },
      ],
      "Key received.",
    );
    const id = await forwarded(bridge, 1);
    expect((await reviewer.get(id)).questions[0]).toMatchObject({ kind: "freeform", secret: true, options: [] });
    await reviewer.reply(id, { answers: { api_key: { text: secret } } });
    expect(await bridge.exited).toBe(0);

    expect(JSON.parse(model.toolOutputs()[0].output)).toEqual({ answers: { api_key: { answers: [secret] } } });
    expect(bridge.stdout()).not.toContain(secret);
    expect(bridge.stderr()).not.toContain(secret);
    expect(readFileSync(inject("logFile"), "utf8")).not.toContain(secret);
    // Claimed by the runner: nobody can claim it again.
    await expect(agent.claimSecrets(id)).rejects.toMatchObject({ status: 410 });
    // Codex records a thread's tool outputs in $CODEX_HOME/sessions/…/rollout-*.jsonl (mode 0644);
    // the runner's threads are ephemeral, so nothing under HOME holds the value (nor the session log).
    const files = readdirSync(home.dir, { recursive: true, encoding: "utf8" }).map((f) => path.join(home.dir, f)).filter((f) => statSync(f).isFile());
    expect(files.length).toBeGreaterThan(1); // config.toml and what Codex wrote
    expect(files.filter((f) => readFileSync(f).includes(secret))).toEqual([]);
    expect(files.filter((f) => /rollout-.*\.jsonl$/.test(f))).toEqual([]);
  });

  test("a turn that fails: a non-zero exit with the reason", async () => {
    const { bridge } = await runCodex([{ httpError: 400, message: "scripted refusal" }], "unused");
    expect(await bridge.exited).not.toBe(0);
    expect(bridge.stderr()).toMatch(/turn \S+ failed: .*scripted refusal/);
  });

  test.each([
    ["a wrong token", { QUESTIONS_URL: baseUrl, QUESTIONS_TOKEN: "oqt_wrong" }, /refused.*401/],
    ["an unreachable app", { QUESTIONS_URL: "http://127.0.0.1:9", QUESTIONS_TOKEN: tokens.agent }, /Cannot reach OpenOxide Questions at http:\/\/127\.0\.0\.1:9/],
  ])("%s: a clear message and a non-zero exit", async (_name, env, message) => {
    const bridge = startBridge(["codex", "--", "hello"], env);
    expect(await bridge.exited).not.toBe(0);
    expect(bridge.stderr()).toMatch(message);
  });
});
