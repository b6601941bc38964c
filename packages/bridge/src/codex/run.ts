// `npm run bridge -- codex [--cwd DIR] -- "<prompt>"`: one Codex turn through `codex app-server`,
// with this app's inbox answering Codex's questions and approvals. Agent messages go to stdout,
// one log line per forwarded item to stderr; exit 0 when the turn completes.
import path from "node:path";
import type { QuestionsClient } from "@openoxide/questions-client";
import { connectQuestions, describe, questionsEnv } from "../core/env.ts";
import { BridgeError } from "../core/errors.ts";
import { settle, submit } from "../core/forward.ts";
import { logger, type Logger } from "../core/log.ts";
import { commandApproval, fileChangeApproval, userInput, type Mapped } from "./map.ts";
import type { ItemCompletedNotification } from "./protocol/v2/ItemCompletedNotification.ts";
import type { ItemStartedNotification } from "./protocol/v2/ItemStartedNotification.ts";
import type { FileUpdateChange } from "./protocol/v2/FileUpdateChange.ts";
import type { ThreadStartResponse } from "./protocol/v2/ThreadStartResponse.ts";
import type { TurnCompletedNotification } from "./protocol/v2/TurnCompletedNotification.ts";
import type { ErrorNotification } from "./protocol/v2/ErrorNotification.ts";
import type { TurnStartResponse } from "./protocol/v2/TurnStartResponse.ts";
import { AppServer, type ServerRequestMessage } from "./rpc.ts";
import { run } from "../core/withdraw.ts";

export interface CodexArgs {
  cwd: string;
  prompt: string;
}

export function parseCodexArgs(args: string[]): CodexArgs {
  let cwd = process.cwd();
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--") {
      rest.push(...args.slice(i + 1));
      break;
    }
    if (a === "--cwd") {
      const v = args[++i];
      if (!v) throw new BridgeError("--cwd needs a directory.");
      cwd = path.resolve(v);
    } else rest.push(a);
  }
  const prompt = rest.join(" ").trim();
  if (!prompt) throw new BridgeError('Usage: npm run bridge -- codex [--cwd DIR] -- "<prompt>"');
  return { cwd, prompt };
}

export async function runCodex(args: CodexArgs): Promise<number> {
  const log = logger("codex");
  const client = await connectQuestions(questionsEnv(), "openoxide-questions-bridge/codex");
  const controller = new AbortController();
  const fileChanges = new Map<string, FileUpdateChange[]>();
  let threadId: string | undefined;

  return new Promise<number>((resolve) => {
    let finished = false;
    const finish = (code: number, message?: string) => {
      if (finished) return;
      finished = true;
      if (message) log(message);
      controller.abort();
      server.stop();
      // The CLI withdraws what is still open in the inbox (core/withdraw.ts).
      resolve(code);
    };

    const server = new AppServer({
      cwd: args.cwd,
      env: process.env,
      handlers: {
        onStderr: (line) => log(`codex: ${line}`),
        onExit: (reason) => finish(1, `codex app-server ${reason} before the turn completed.`),
        onRequest: (req) => handleRequest(req, { client, log, signal: controller.signal, fileChanges }),
        onNotification(method, params) {
          if (method === "item/started") {
            const { item } = params as ItemStartedNotification;
            if (item.type === "fileChange") fileChanges.set(item.id, item.changes);
          } else if (method === "item/completed") {
            const { item } = params as ItemCompletedNotification;
            if (item.type === "agentMessage" && item.text.trim()) process.stdout.write(`${item.text}\n`);
          } else if (method === "error") {
            const { error, willRetry } = params as ErrorNotification;
            log(`codex reported an error${willRetry ? " (retrying)" : ""}: ${error.message}`);
          } else if (method === "turn/completed") {
            const { turn } = params as TurnCompletedNotification;
            if (turn.status === "completed") finish(0, `turn ${turn.id} completed.`);
            else finish(1, `turn ${turn.id} ${turn.status}${turn.error ? `: ${turn.error.message}` : ""}.`);
          }
        },
      },
    });
    // Signalled alone (not as a process group), the runtime must not outlive us.
    run.onStop(() => server.stop());

    void (async () => {
      await server.request("initialize", { clientInfo: { name: "openoxide-questions-bridge", title: "OpenOxide Questions bridge", version: "1" }, capabilities: null });
      server.notify("initialized");
      // Ephemeral: Codex writes no rollout file for the thread. A kept thread's
      // $CODEX_HOME/sessions/…/rollout-*.jsonl (mode 0644) records tool outputs, a secret answer included.
      const started = await server.request<ThreadStartResponse>("thread/start", { cwd: args.cwd, ephemeral: true });
      threadId = started.thread.id;
      const turn = await server.request<TurnStartResponse>("turn/start", { threadId, input: [{ type: "text", text: args.prompt, text_elements: [] }] });
      log(`thread ${threadId}, turn ${turn.turn.id} started in ${args.cwd}.`);
    })().catch((e: unknown) => finish(1, `could not start the Codex turn: ${describe(e)}`));
  });
}

interface Ctx {
  client: QuestionsClient;
  log: Logger;
  signal: AbortSignal;
  fileChanges: Map<string, FileUpdateChange[]>;
}

async function handleRequest(req: ServerRequestMessage, ctx: Ctx): Promise<unknown> {
  switch (req.method) {
    case "item/tool/requestUserInput":
      return viaInbox(userInput(req.params as Parameters<typeof userInput>[0]), "question", ctx);
    case "item/commandExecution/requestApproval":
      return viaInbox(commandApproval(req.params as Parameters<typeof commandApproval>[0]), "command approval", ctx);
    case "item/fileChange/requestApproval": {
      const p = req.params as Parameters<typeof fileChangeApproval>[0];
      return viaInbox(fileChangeApproval(p, ctx.fileChanges.get(p.itemId) ?? []), "file-change approval", ctx);
    }
    default:
      ctx.log(`codex asked ${req.method}, which this bridge does not handle: refused.`);
      throw new Error(`${req.method} is not supported by the OpenOxide Questions bridge.`);
  }
}

async function viaInbox<R>(mapped: Mapped<R>, what: string, ctx: Ctx): Promise<R> {
  const { request, replayed } = await submit(ctx.client, mapped, ctx.signal);
  ctx.log(`${what} ${mapped.key} → ${request.id}${replayed ? " (already in the inbox)" : ""}, waiting for the inbox.`);
  const { request: final, secrets } = await settle(ctx.client, request, ctx.signal);
  ctx.log(`${request.id} ${final.status}${final.resolvedBy ? ` by ${final.resolvedBy}` : ""}: sent back to Codex.`);
  return mapped.reply(final, secrets);
}
