// The inbox side of the Claude Code tests: an `ask` token of its own per test file (its requests
// are the only ones it lists), and a poll for the next request from one Claude Code project.
import { inject } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import type { QuestionRequest } from "@/lib/questions/schemas";
import { runAdmin } from "../cli";
import { uid } from "../clients";

export async function askToken(): Promise<{ token: string; client: QuestionsClient }> {
  const r = await runAdmin(inject("dataDir"), ["token", "create", "--team", "default", "--name", `claude-${uid()}`, "--scopes", "ask"]);
  if (r.code !== 0) throw new Error(r.stderr);
  const token = r.stdout.trim().split("\n").at(-1)!.trim();
  return { token, client: new QuestionsClient({ baseUrl: inject("baseUrl"), token }) };
}

/** Every request (any status) this token made from the project in `cwd`, oldest first. */
export async function requestsFrom(client: QuestionsClient, cwd: string): Promise<QuestionRequest[]> {
  const { data } = await client.list({ agent: "Claude Code", limit: 100 });
  return data.filter(fromProject(cwd)).reverse();
}

/** A request made from the Claude Code project in `cwd` (the hook sends its working directory). */
export const fromProject = (cwd: string) => (r: QuestionRequest) => r.agent.name === "Claude Code" && !!r.context?.includes(`\`${cwd}\``);

/** Polls until a pending request of this token that `match`es shows up (`screen`: shown when none does). */
export async function nextPending(client: QuestionsClient, match: (r: QuestionRequest) => boolean, screen?: () => string, timeoutMs = 90_000): Promise<QuestionRequest> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { data } = await client.list({ status: "pending", limit: 100 });
    const hit = data.find(match);
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no pending request${screen ? `; the runtime shows:\n${screen()}` : ""}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
