// The bridges' side of this app: QUESTIONS_URL / QUESTIONS_TOKEN → a typed client, checked at start
// so a wrong URL or token ends the process with a clear message instead of a silent retry loop.
import { ApiError, QuestionsClient } from "@openoxide/questions-client";
import { BridgeError } from "./errors.ts";
import { logger } from "./log.ts";
import { run } from "./withdraw.ts";

export interface QuestionsEnv {
  url: string;
  token: string;
}

export function questionsEnv(env: NodeJS.ProcessEnv = process.env): QuestionsEnv {
  const url = env.QUESTIONS_URL?.trim() || "http://localhost:3000";
  const token = env.QUESTIONS_TOKEN?.trim() ?? "";
  if (!token) throw new BridgeError("QUESTIONS_TOKEN is not set: create an `ask` token (npm run admin -- token create … --scopes ask) and export it.");
  try {
    new URL(url);
  } catch {
    throw new BridgeError(`QUESTIONS_URL is not a URL: ${url}`);
  }
  return { url, token };
}

/** Reaches the app and proves the token (a one-item list needs a valid `ask` token). */
export async function connectQuestions(env: QuestionsEnv, userAgent: string): Promise<QuestionsClient> {
  const client = new QuestionsClient({ baseUrl: env.url, token: env.token, userAgent });
  const signal = AbortSignal.timeout(10_000);
  try {
    await client.list({ status: "pending", limit: 1 }, { signal });
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) throw new BridgeError(`QUESTIONS_TOKEN was refused by ${env.url} (401): is it revoked or mistyped?`);
    if (e instanceof ApiError && e.status === 403) throw new BridgeError(`QUESTIONS_TOKEN lacks the \`ask\` scope (403).`);
    if (e instanceof ApiError) throw new BridgeError(`${env.url} answered ${e.status}: ${e.message}`);
    throw new BridgeError(`Cannot reach OpenOxide Questions at ${env.url}: is it running? (${describe(e)})`);
  }
  await run.attach(client, env.url, logger(userAgent.split("/").at(-1) ?? "bridge"));
  return client;
}

export function describe(e: unknown): string {
  if (e instanceof Error) {
    const cause = e.cause instanceof Error ? `: ${e.cause.message}` : "";
    return `${e.message}${cause}`;
  }
  return String(e);
}
