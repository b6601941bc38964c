// The key file: never silently regenerated while sealed secrets exist (the server refuses to
// start, naming the file and the key ids), created on a fresh install, and decryption failures
// are logged at error level with the key id and never a value. Own servers and data dirs.
import { createHmac } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { adminOk, createToken, runAdmin } from "../helpers/cli";
import { uid } from "../helpers/clients";
import { rawQuery } from "../helpers/raw-db";
import { migrate, ownDatabase, startServer, type TestServer } from "../helpers/server";
import { signIn, startReceiver, waitFor } from "./notify-helpers";

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-keys-"));
const keyFile = path.join(dataDir, "secret-keys.json");
const signingDir = mkdtempSync(path.join(tmpdir(), "oq-keys-signing-"));
let server: TestServer | undefined;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await server?.stop();
  for (const c of cleanups) await c();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(signingDir, { recursive: true, force: true });
});

/** Starts a server expected to refuse: the error it exited with. */
async function refusedStart(dir: string): Promise<Error> {
  const failed = await startServer({ dataDir: dir, logName: "refused.log" }).then(
    (s) => s,
    (e: unknown) => e as Error,
  );
  if (!(failed instanceof Error)) {
    server = failed;
    throw new Error("the server started without its key file");
  }
  return failed;
}

const secretQuestion = (id: string) => ({ id, header: "Key", prompt: "The key?", kind: "freeform" as const, secret: true });

describe("secret keys", () => {
  it("creates the key file on a fresh install, logs unreadable secrets by key id, refuses to start without it", async () => {
    cleanups.push(await ownDatabase(dataDir)); // the check looks at every sealed secret in the database
    migrate(dataDir);
    const agentToken = createToken(dataDir, { name: "agent", scopes: "ask,answer" });
    server = await startServer({ dataDir, logName: "first.log" });
    expect(existsSync(keyFile)).toBe(true);
    const keyId = (JSON.parse(readFileSync(keyFile, "utf8")) as { active: string }).active;
    const c = new QuestionsClient({ baseUrl: server.url, token: agentToken });

    // Two secrets whose ciphertexts are swapped: the claim fails and the log names the key only.
    const plain = [`s1-${uid()}`, `s2-${uid()}`];
    const r = await c.create({ source: "internal", agent: { name: "keys" }, questions: [secretQuestion("a"), secretQuestion("b")] });
    await c.reply(r.id, { answers: { a: { text: plain[0]! }, b: { text: plain[1]! } } });
    const rows = await rawQuery<{ id: string; sealed: string }>(dataDir, `SELECT id, sealed FROM "SecretAnswer" WHERE "requestId" = ? ORDER BY "questionId"`, [r.id]);
    await rawQuery(dataDir, `UPDATE "SecretAnswer" SET sealed = ? WHERE id = ?`, [rows[1]!.sealed, rows[0]!.id]);
    await rawQuery(dataDir, `UPDATE "SecretAnswer" SET sealed = ? WHERE id = ?`, [rows[0]!.sealed, rows[1]!.id]);
    await expect(c.claimSecrets(r.id)).rejects.toMatchObject({ status: 500 });
    // The server's output reaches its log file asynchronously.
    const line = await vi.waitFor(() => {
      const found = server!.logs().split("\n").find((l) => l.includes("secret answer could not be decrypted"));
      if (!found) throw new Error("no decryption failure logged yet");
      return found;
    }, { timeout: 5000 });
    const logged = JSON.parse(line!) as { level: number; keyId: string; requestId: string };
    expect(logged).toMatchObject({ level: 50, keyId, requestId: r.id });
    for (const p of plain) expect(server.logs()).not.toContain(p);
    for (const row of rows) expect(server.logs()).not.toContain(row.sealed.split(".")[3]!);
    await server.stop();
    server = undefined;

    // The key file goes missing while sealed secrets exist: no new key, no start.
    unlinkSync(keyFile);
    const failed = await refusedStart(dataDir);
    expect(failed.message).toContain(keyFile);
    expect(failed.message).toContain(keyId);
    expect(existsSync(keyFile)).toBe(false);
  }, 300_000);

  it("signing secrets count as sealed: rotation re-seals them, and a lost key file stops the start with no secret answer stored", async () => {
    cleanups.push(await ownDatabase(signingDir));
    migrate(signingDir);
    const signingKeyFile = path.join(signingDir, "secret-keys.json");
    const rx = await startReceiver();
    cleanups.push(() => rx.close());
    server = await startServer({ dataDir: signingDir, env: { NOTIFY_POLL_MS: "200" } });
    const firstKey = (JSON.parse(readFileSync(signingKeyFile, "utf8")) as { active: string }).active;

    // A webhook (CLI) and the team's callback secret (Settings): sealed values, but no secret answer.
    const team = `keys-${uid()}`;
    await adminOk(signingDir, ["team", "create", team]);
    const made = await adminOk(signingDir, ["webhook", "create", "--team", team, "--url", `${rx.url}/hook`, "--events", "request.created"]);
    const webhookSecret = made.trim().split("\n").at(-1)!.trim();
    const email = `admin-${uid()}@example.test`;
    await adminOk(signingDir, ["user", "create", email, "--password", "pw-admin-123456", "--team", team, "--role", "admin"]);
    const ui = await signIn(server.url, email, "pw-admin-123456");
    const teamId = (await rawQuery<{ id: string }>(signingDir, `SELECT id FROM "Team" WHERE slug = ?`, [team]))[0]!.id;
    const { secret: callbackSecret } = (await (await ui("GET", `/api/ui/settings/teams/${teamId}/callback-secret`)).json()) as { secret: string };
    expect(callbackSecret).toMatch(/^cbsec_/);
    expect(await rawQuery(signingDir, `SELECT id FROM "SecretAnswer"`)).toHaveLength(0);

    // Rotation moves every sealed value to the new key.
    const rotated = await runAdmin(signingDir, ["keys", "rotate"]);
    expect(rotated.code, rotated.stderr).toBe(0);
    const newKey = (JSON.parse(readFileSync(signingKeyFile, "utf8")) as { active: string }).active;
    expect(newKey).not.toBe(firstKey);
    const keyIds = async () => [
      ...(await rawQuery<{ s: string }>(signingDir, `SELECT "secretSealed" AS s FROM "Webhook"`)),
      ...(await rawQuery<{ s: string }>(signingDir, `SELECT sealed AS s FROM "CallbackSecret"`)),
    ].map((r) => r.s.split(".")[1]);
    expect(await keyIds()).toEqual([newKey, newKey]);
    await server.stop();
    server = undefined;

    // Without the old key the re-sealed values still open: the webhook's signature verifies.
    const file = JSON.parse(readFileSync(signingKeyFile, "utf8")) as { active: string; keys: Record<string, string> };
    writeFileSync(signingKeyFile, JSON.stringify({ active: newKey, keys: { [newKey]: file.keys[newKey] } }), { mode: 0o600 });
    server = await startServer({ dataDir: signingDir, env: { NOTIFY_POLL_MS: "200" }, logName: "after-rotate.log" });
    const agentToken = createToken(signingDir, { team, name: "agent", scopes: "ask" });
    await new QuestionsClient({ baseUrl: server.url, token: agentToken }).create({ source: "internal", agent: { name: "keys" }, questions: [secretQuestion("k")] });
    const msg = await waitFor("the signed delivery", () => rx.received[0]);
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(msg.headers["questions-signature"]))!;
    expect(createHmac("sha256", webhookSecret).update(`${t}.${msg.body}`).digest("hex")).toBe(v1);
    await server.stop();
    server = undefined;

    // The key file is lost: the start is refused (no new key that would orphan the signing secrets).
    unlinkSync(signingKeyFile);
    const failed = await refusedStart(signingDir);
    expect(failed.message).toContain(signingKeyFile);
    expect(failed.message).toContain(newKey);
    expect(existsSync(signingKeyFile)).toBe(false);
  }, 300_000);
});
