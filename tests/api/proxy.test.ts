// Behind a configured reverse proxy (TRUST_PROXY=1) the address the proxy appended to
// X-Forwarded-For is the client's: budgets are per that address. Its own server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, startServer, type TestServer } from "../helpers/server";
import { attemptSignIn } from "../helpers/session";

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-proxy-"));
let server: TestServer;

beforeAll(async () => {
  migrate(dataDir);
  server = await startServer({ dataDir, env: { TRUST_PROXY: "1", RATE_LIMIT_PER_MINUTE: "3", SIGNIN_ATTEMPTS_PER_ADDRESS: "2" } });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const unknownToken = (xff: string) =>
  fetch(`${server.url}/api/v1/requests`, { headers: { authorization: `Bearer oqt_${"C".repeat(46)}`, "x-forwarded-for": xff } }).then(async (r) => {
    await r.arrayBuffer();
    return r.status;
  });

describe("TRUST_PROXY=1", () => {
  it("budgets per the address the proxy appended, not per a client-sent first entry", async () => {
    const statuses: number[] = [];
    // The client forges a different first hop each time; the proxy's entry (last) stays the same.
    for (let i = 0; i < 5; i++) statuses.push(await unknownToken(`10.9.9.${i}, 192.0.2.7`));
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Another client behind the same proxy has its own budget.
    expect(await unknownToken("192.0.2.8")).toBe(401);
  });

  it("failed sign-ins are counted per proxied address", async () => {
    const tries = async (xff: string) => (await attemptSignIn(server.url, `nobody-${xff}@example.test`, "wrong", { "x-forwarded-for": xff })).error;
    expect([await tries("192.0.2.20"), await tries("192.0.2.20"), await tries("192.0.2.20")]).toEqual(["CredentialsSignin", "CredentialsSignin", "RateLimited"]);
    expect(await tries("192.0.2.21")).toBe("CredentialsSignin");
  });
});
