// The key file: never silently regenerated while sealed secrets exist (the server refuses to
// start, naming the file and the key ids), created on a fresh install, and decryption failures
// are logged at error level with the key id and never a value. Own servers and data dirs.
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { QuestionsClient } from "@/lib/client";
import { createToken } from "../helpers/cli";
import { uid } from "../helpers/clients";
import { rawQuery } from "../helpers/raw-db";
import { migrate, ownDatabase, startServer, type TestServer } from "../helpers/server";

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-keys-"));
const keyFile = path.join(dataDir, "secret-keys.json");
let server: TestServer | undefined;
let dropDb = async () => {};
afterAll(async () => {
  await server?.stop();
  await dropDb();
  rmSync(dataDir, { recursive: true, force: true });
});

const secretQuestion = (id: string) => ({ id, header: "Key", prompt: "The key?", kind: "freeform" as const, secret: true });

describe("secret keys", () => {
  it("creates the key file on a fresh install, logs unreadable secrets by key id, refuses to start without it", async () => {
    dropDb = await ownDatabase(dataDir); // the check looks at every sealed secret in the database
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
    const failed = await startServer({ dataDir, logName: "second.log" }).then(
      (s) => s,
      (e: unknown) => e as Error,
    );
    if (!(failed instanceof Error)) {
      server = failed;
      throw new Error("the server started without its key file");
    }
    expect(failed.message).toContain(keyFile);
    expect(failed.message).toContain(keyId);
    expect(existsSync(keyFile)).toBe(false);
  }, 120_000);
});
