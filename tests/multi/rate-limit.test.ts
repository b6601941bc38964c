// Two instances on one PostgreSQL database share the budgets (lib/api/limiter-store.ts): what a token
// spent on A counts on B, and failed sign-ins for an email on A count on B. Per-instance budgets
// would let B serve its own full budget on top.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { uid } from "../helpers/clients";
import { createToken } from "../helpers/cli";
import { attemptSignIn } from "../helpers/session";
import { startServer, type TestServer } from "../helpers/server";

const dataDir = inject("dataDir");
const ENV = { RATE_LIMIT_PER_MINUTE: "5", SIGNIN_ATTEMPTS_PER_EMAIL: "2" };
const dirs: string[] = [];
let a: TestServer;
let b: TestServer;
let tokens: string[];

beforeAll(async () => {
  // Before the servers start: the CLI blocks this process for seconds, and a keep-alive socket the
  // servers closed meanwhile would be reused.
  tokens = [0, 1].map(() => createToken(dataDir, { name: `budget-${uid()}`, scopes: "read" }));
  const start = () => {
    const dir = mkdtempSync(path.join(tmpdir(), "oq-budget-"));
    dirs.push(dir);
    return startServer({ dataDir: dir, env: ENV });
  };
  [a, b] = await Promise.all([start(), start()]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function list(server: TestServer, token: string): Promise<number> {
  const res = await fetch(`${server.url}/api/v1/requests`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
}

describe("budgets shared by the instances on one PostgreSQL database", () => {
  it("a token's budget spent on A and B together is refused by both", async () => {
    const [token, other] = tokens as [string, string];
    const statuses = [await list(a, token), await list(a, token), await list(a, token), await list(b, token), await list(b, token)];
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(await list(b, token)).toBe(429);
    expect(await list(a, token)).toBe(429);
    // Another token's budget is its own.
    expect(await list(b, other)).toBe(200);
  });

  it("failed sign-ins for an email on A count on B", async () => {
    const email = `nobody-${uid()}@example.test`;
    const tries = [(await attemptSignIn(a.url, email, "wrong")).error, (await attemptSignIn(a.url, email, "wrong")).error, (await attemptSignIn(b.url, email, "wrong")).error];
    expect(tries).toEqual(["CredentialsSignin", "CredentialsSignin", "RateLimited"]);
  });
});
