// `questions ask | approve | secret`: each builds one request, waits through askAndWait, and prints
// only the outcome on stdout (labels, JSON, or the secret), everything else on stderr.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { commandTitle, clip, decisionOf, fitText } from "../fit.ts";
import { LIMITS } from "../generated/limits.ts";
import type { Answer, CreateRequestInput, QuestionInput, QuestionRequest } from "../types.ts";
import { CliError, EXIT } from "./exit.ts";
import { askAndWait, notAnswered, toCliError, type Context } from "./wait.ts";

export interface Common {
  timeout?: number;
  title?: string;
  header?: string;
  agent: string;
  session?: string;
}

const ANSWER_ID = "answer";

function request(common: Common, title: string, question: QuestionInput, context?: string): CreateRequestInput {
  const cwd = process.cwd();
  return {
    source: "internal",
    title: clip(common.title ?? title, LIMITS.title),
    ...(context ? { context: clip(context, LIMITS.context) } : {}),
    agent: { name: clip(common.agent, 100), cwd: clip(cwd, 1000), ...(common.session ? { sessionId: common.session } : {}) },
    questions: [question],
    // The server's own bounds; a shorter --timeout is kept by the CLI (it withdraws the request).
    ...(common.timeout ? { timeoutSeconds: Math.min(LIMITS.maxTimeout, Math.max(LIMITS.minTimeout, common.timeout)) } : {}),
  };
}

function answerOf(request: QuestionRequest, id: string): Answer | undefined {
  const r = request.response;
  return r && "answers" in r ? r.answers[id] : undefined;
}

export interface AskArgs extends Common {
  prompt: string;
  options: string[];
  multi: boolean;
  other: boolean;
  context?: string;
  json: boolean;
}

/** Reads `--context FILE` (or `-` for standard input). */
export function readContext(source: string): string {
  try {
    return readFileSync(source === "-" ? 0 : source, "utf8");
  } catch (e) {
    throw new CliError(`--context: cannot read ${source === "-" ? "standard input" : source}: ${(e as Error).message}`, EXIT.usage);
  }
}

export async function ask(ctx: Context, a: AskArgs, stdout: NodeJS.WritableStream): Promise<number> {
  const { header, prompt } = fitText(a.header ?? "Question", a.prompt);
  const question: QuestionInput = a.options.length
    ? { id: ANSWER_ID, header, prompt, kind: a.multi ? "multi_select" : "single_select", options: a.options.map((label) => ({ label })), allowCustom: a.other }
    : { id: ANSWER_ID, header, prompt, kind: "freeform" };
  const done = await askAndWait(ctx, request(a, a.prompt, question, a.context), a.timeout);
  const answer = answerOf(done, ANSWER_ID);
  if (a.json) {
    const r = done.response;
    stdout.write(`${JSON.stringify({ id: done.id, status: done.status, answeredBy: done.resolvedBy, answer: answer ?? null, rejection: r && "rejection" in r ? r.rejection : null })}\n`);
    return done.status === "answered" ? EXIT.answered : notAnswered(done).code;
  }
  if (done.status !== "answered") throw notAnswered(done);
  if (!answer || answer.skipped) throw new CliError("The reviewer skipped the question.", EXIT.rejected);
  const lines = answer.text !== null ? [answer.text] : [...answer.selected, ...(answer.custom ? [answer.custom] : [])];
  stdout.write(lines.map((l) => `${l}\n`).join(""));
  if (answer.note) ctx.stderr.write(`Note from ${done.resolvedBy ?? "the reviewer"}: ${answer.note}\n`);
  return EXIT.answered;
}

/** POSIX-quotes one argument, so the reviewer reads exactly what will run. */
export function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

export async function approve(ctx: Context, a: Common & { command: string[] }): Promise<number> {
  const line = a.command.map(shellQuote).join(" ");
  const cwd = process.cwd();
  const question: QuestionInput = {
    id: "approve",
    kind: "approval",
    ...fitText(a.header ?? "Run a command", `${a.agent} wants to run this command in \`${cwd}\`. It runs only when approved, exactly as shown.`),
    action: { tool: "Bash", input: { command: line, cwd } },
    allowAlways: false,
    allowEdit: false,
  };
  const done = await askAndWait(ctx, request(a, commandTitle("Run", line), question), a.timeout);
  if (done.status !== "answered") throw notAnswered(done);
  if (decisionOf(done) === "deny") {
    const note = answerOf(done, "approve")?.note;
    throw new CliError(`Denied by ${done.resolvedBy ?? "a reviewer"}${note ? `: ${note}` : "."} The command did not run.`, EXIT.rejected);
  }
  ctx.stderr.write(`Approved by ${done.resolvedBy ?? "a reviewer"}; running: ${line}\n`);
  return run(a.command);
}

/** Runs argv with no shell, inheriting stdio; resolves with its exit status (128+n for a signal). */
function run(argv: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { stdio: "inherit" });
    const forward = (sig: NodeJS.Signals) => () => child.kill(sig);
    const onInt = forward("SIGINT");
    const onTerm = forward("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
    child.on("error", (e) => reject(new CliError(`Cannot run ${argv[0]}: ${e.message}`, 127)));
    child.on("close", (code, signal) => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      resolve(code ?? 128 + (signal ? signalNumber(signal) : 0));
    });
  });
}

const SIGNALS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGTERM: 15 };
const signalNumber = (s: NodeJS.Signals) => SIGNALS[s] ?? 1;

export async function secret(ctx: Context, a: Common & { prompt: string }, stdout: NodeJS.WriteStream): Promise<number> {
  const question: QuestionInput = { id: ANSWER_ID, ...fitText(a.header ?? "Secret", a.prompt), kind: "freeform", secret: true };
  const done = await askAndWait(ctx, request(a, a.prompt, question), a.timeout);
  if (done.status !== "answered") throw notAnswered(done);
  let values: Record<string, string>;
  try {
    values = await ctx.client.claimSecrets(done.id);
  } catch (e) {
    throw toCliError(e, ctx.url);
  }
  const value = values[ANSWER_ID];
  if (value === undefined) throw new CliError("The reviewer skipped the question: no secret was given.", EXIT.rejected);
  // Exactly the value when piped or redirected (`> key.pem` keeps its bytes); a newline on a terminal.
  stdout.write(stdout.isTTY ? `${value}\n` : value);
  return EXIT.answered;
}
