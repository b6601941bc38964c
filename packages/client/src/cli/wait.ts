// The part every command shares: create the request (retried under one Idempotency-Key), show where
// it can be answered, wait with a spinner on a terminal, withdraw it on Ctrl-C or timeout, and turn
// the outcome into an exit code.
import { QuestionsClient } from "../client.ts";
import { ForbiddenError, NetworkError, UnauthorizedError, ValidationError } from "../errors.ts";
import type { CreateRequestInput, QuestionRequest } from "../types.ts";
import { CliError, EXIT } from "./exit.ts";

export interface Context {
  client: QuestionsClient;
  url: string;
  stderr: NodeJS.WriteStream;
}

/** A create that cannot get through within this long means the server is unreachable. */
const CONNECT_MS = 3_000;
const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

export function contextFromEnv(env: NodeJS.ProcessEnv, stderr: NodeJS.WriteStream): Context {
  const url = (env.QUESTIONS_URL?.trim() || "http://localhost:3000").replace(/\/+$/, "");
  const token = env.QUESTIONS_TOKEN?.trim() ?? "";
  if (!token) throw new CliError("QUESTIONS_TOKEN is not set: export an `ask` token of your OpenOxide Questions server.", EXIT.usage);
  try {
    new URL(url);
  } catch {
    throw new CliError(`QUESTIONS_URL is not a URL: ${url}`, EXIT.usage);
  }
  return { client: new QuestionsClient({ baseUrl: url, token, userAgent: "questions-cli/0.1" }), url, stderr };
}

/** Asks and waits; resolves with the terminal request (or throws a CliError with the exit code). */
export async function askAndWait(ctx: Context, body: CreateRequestInput, timeoutSeconds: number | undefined): Promise<QuestionRequest> {
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  let request: QuestionRequest | undefined;
  const spinner = startSpinner(ctx.stderr);
  try {
    request = await ctx.client.create(body, { signal: stop.signal, retry: { timeoutMs: CONNECT_MS } });
    ctx.stderr.write(`${spinner.clear()}Waiting for an answer: ${ctx.url}/inbox/${request.id}\n`);
    spinner.start();
    request = await ctx.client.wait(request.id, { signal: stop.signal, timeoutMs: timeoutSeconds === undefined ? undefined : timeoutSeconds * 1000 });
    if (request.status === "pending") {
      request = await withdraw(ctx, request.id, "no answer within the CLI's --timeout");
      if (request.status === "cancelled") throw new CliError(`No answer within ${timeoutSeconds} s; the request was withdrawn.`, EXIT.expired);
    }
    return request;
  } catch (e) {
    if (stop.signal.aborted) {
      if (request?.status === "pending") await withdraw(ctx, request.id, "the asker stopped waiting (interrupted)").catch(() => undefined);
      throw new CliError("Interrupted; the request was withdrawn.", EXIT.interrupted);
    }
    throw toCliError(e, ctx.url);
  } finally {
    ctx.stderr.write(spinner.clear());
    spinner.stop();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

/** The exit code and message for a terminal request that was not answered. */
export function notAnswered(request: QuestionRequest): CliError {
  const r = request.response;
  const why = r && "rejection" in r ? r.rejection.message : "";
  const by = request.resolvedBy ? ` by ${request.resolvedBy}` : "";
  switch (request.status) {
    case "expired":
      return new CliError(`Nobody answered in time (expired)${why ? `: ${why}` : "."}`, EXIT.expired);
    case "cancelled":
      return new CliError(`The request was withdrawn${why ? `: ${why}` : "."}`, EXIT.cancelled);
    default:
      return new CliError(`Rejected${by}${why ? `: ${why}` : "."}`, EXIT.rejected);
  }
}

async function withdraw(ctx: Context, id: string, reason: string): Promise<QuestionRequest> {
  try {
    return await ctx.client.cancel(id, reason);
  } catch {
    return ctx.client.get(id); // an answer won the race: it stands
  }
}

export function toCliError(e: unknown, url: string): unknown {
  if (e instanceof CliError) return e;
  if (e instanceof UnauthorizedError) return new CliError(`${url} refused QUESTIONS_TOKEN (401): is it revoked or mistyped?`, EXIT.auth);
  if (e instanceof ForbiddenError) return new CliError(`QUESTIONS_TOKEN lacks the scope this needs (403): use a token with the \`ask\` scope.`, EXIT.auth);
  if (e instanceof NetworkError) {
    const cause = e.cause instanceof Error ? (e.cause.cause instanceof Error ? e.cause.cause.message : e.cause.message) : "";
    return new CliError(`Cannot reach ${url}${cause ? ` (${cause})` : ""}: is the server running and QUESTIONS_URL right?`, EXIT.unreachable);
  }
  if (e instanceof ValidationError) {
    const fields = e.errors.map((f) => `${f.path}: ${f.message}`).join("; ");
    return new CliError(`The server refused the question: ${fields || e.message}`, EXIT.usage);
  }
  if (e instanceof Error) return new CliError(e.message, EXIT.error);
  return e;
}

/** A braille spinner with the elapsed time, on a terminal only (quiet in CI logs and pipes). */
function startSpinner(out: NodeJS.WriteStream) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let frame = 0;
  const started = Date.now();
  const tty = out.isTTY === true;
  return {
    start() {
      if (!tty) return;
      timer = setInterval(() => {
        const s = Math.floor((Date.now() - started) / 1000);
        out.write(`\r\x1b[2K${FRAMES[frame++ % FRAMES.length]} waiting ${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}  (Ctrl-C withdraws the request)`);
      }, 100);
      timer.unref?.();
    },
    clear: () => (tty && timer ? "\r\x1b[2K" : ""),
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
