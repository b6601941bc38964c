// The admin CLI in exactly the forms of SPEC §5, run as a real process against the test database.
import { describe, expect, inject, it } from "vitest";
import { spawnSync } from "node:child_process";
import { QuestionsClient } from "@openoxide/questions-client";
import { runAdmin as admin } from "../helpers/cli";
import { singleSelect, uid } from "../helpers/clients";
import { rawQuery } from "../helpers/raw-db";
import { dbEnv, ROOT } from "../helpers/server";

const dataDir = inject("dataDir");
const baseUrl = inject("baseUrl");

describe("admin CLI", () => {
  it("runs from its sources as `npm run admin` (the other tests use the suite's compiled copy)", () => {
    const slug = `npm-${uid()}`;
    const r = spawnSync("npm", ["run", "--silent", "admin", "--", "team", "create", slug], { cwd: ROOT, env: { ...process.env, ...dbEnv(dataDir) }, encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Created team ${slug}`);
  });

  it("creates a team, a user and a token; the token works and then is revoked", async () => {
    const slug = `team-${uid()}`;
    expect((await admin(dataDir, ["team", "create", slug, "--name", "Platform"])).code).toBe(0);
    const user = await admin(dataDir, ["user", "create", `${uid()}@example.com`, "--password", "correct horse battery", "--team", slug, "--role", "lead"]);
    expect(user.code).toBe(0);
    expect(user.stdout + user.stderr).not.toContain("correct horse battery");

    const created = await admin(dataDir, ["token", "create", "--team", slug, "--name", "ci-agent", "--scopes", "ask,read"]);
    expect(created.code).toBe(0);
    const token = created.stdout.trim().split("\n").at(-1)!;
    expect(token).toMatch(/^oqt_[0-9A-Za-z]{46}$/);

    const client = new QuestionsClient({ baseUrl, token });
    const request = await client.create(singleSelect());
    expect(request.status).toBe("pending");

    expect((await admin(dataDir, ["token", "revoke", token])).code).toBe(0);
    await expect(client.get(request.id)).rejects.toMatchObject({ status: 401 });
  });

  it("revokes by token id", async () => {
    const created = await admin(dataDir, ["token", "create", "--team", "default", "--name", "by-id", "--scopes", "ask"]);
    const id = /tok_[0-9A-Z]+/.exec(created.stdout)?.[0];
    expect(id).toBeDefined();
    expect((await admin(dataDir, ["token", "revoke", id!])).code).toBe(0);
    const token = created.stdout.trim().split("\n").at(-1)!;
    await expect(new QuestionsClient({ baseUrl, token }).list()).rejects.toMatchObject({ status: 401 });
  });

  it("a deny-policy token gets policy_denied at once", async () => {
    const created = await admin(dataDir, ["token", "create", "--team", "default", "--name", "denied", "--scopes", "ask", "--policy", "deny"]);
    const token = created.stdout.trim().split("\n").at(-1)!;
    const request = await new QuestionsClient({ baseUrl, token }).create(singleSelect());
    expect(request.status).toBe("rejected");
    expect(request.response).toMatchObject({ rejection: { code: "policy_denied" } });
  });

  const bad: [string, string[]][] = [
    ["unknown command", ["frobnicate"]],
    ["team without slug", ["team", "create"]],
    ["bad slug", ["team", "create", "Not A Slug!"]],
    ["duplicate team", ["team", "create", "default"]],
    ["token for unknown team", ["token", "create", "--team", "nope-nope", "--name", "x", "--scopes", "ask"]],
    ["token with bad scope", ["token", "create", "--team", "default", "--name", "x", "--scopes", "ask,admin"]],
    ["token with bad policy", ["token", "create", "--team", "default", "--name", "x", "--scopes", "ask", "--policy", "maybe"]],
    ["user with bad role", ["user", "create", "a@example.com", "--password", "pw-123456", "--team", "default", "--role", "owner"]],
    ["revoke unknown token", ["token", "revoke", "tok_UNKNOWN"]],
  ];
  it.each(bad)("%s → non-zero exit with a message", async (_name, args) => {
    const r = await admin(dataDir, args);
    expect(r.code).not.toBe(0);
    expect(r.stderr.trim().length).toBeGreaterThan(0);
    expect(r.stderr).not.toMatch(/^\s+at /m);
  });

  it("keys rotate re-encrypts stored secrets, which still claim, and skips a tampered one", async () => {
    const tokens = inject("tokens");
    const agent = new QuestionsClient({ baseUrl, token: tokens.agent });
    const reviewer = new QuestionsClient({ baseUrl, token: tokens.reviewer });
    const ask = () =>
      agent.create({
        source: "internal",
        agent: { name: "rotate" },
        questions: [
          { id: "key", header: "Key", prompt: "Key?", kind: "freeform", secret: true },
          { id: "pin", header: "PIN", prompt: "PIN?", kind: "freeform", secret: true },
        ],
      });
    const good = await ask();
    const secret = `rot-${uid()}`;
    await reviewer.reply(good.id, { answers: { key: { text: secret }, pin: { text: "1234" } } });
    // A second request whose two ciphertexts are swapped: neither opens any more.
    const bad = await ask();
    await reviewer.reply(bad.id, { answers: { key: { text: `x-${uid()}` }, pin: { text: "9999" } } });
    const rows = await rawQuery<{ id: string; sealed: string }>(dataDir, `SELECT id, sealed FROM "SecretAnswer" WHERE "requestId" = ? ORDER BY "questionId"`, [bad.id]);
    await rawQuery(dataDir, `UPDATE "SecretAnswer" SET sealed = ? WHERE id = ?`, [rows[1]!.sealed, rows[0]!.id]);
    await rawQuery(dataDir, `UPDATE "SecretAnswer" SET sealed = ? WHERE id = ?`, [rows[0]!.sealed, rows[1]!.id]);

    const r = await admin(dataDir, ["keys", "rotate"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/re-encrypted \d+ stored secret/);
    expect(r.stdout).toMatch(/could not be decrypted/);
    expect(r.stdout).not.toContain(secret);
    expect(await agent.claimSecrets(good.id)).toEqual({ key: secret, pin: "1234" });
  });

  it("purge runs and reports counts", async () => {
    const r = await admin(dataDir, ["purge"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/\d/);
  });
});
