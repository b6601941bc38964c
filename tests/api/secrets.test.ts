// Secret answers: encrypted at rest, handed to the creating token once, never in reads or logs.
import { readFileSync } from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { clients, uid } from "../helpers/clients";
import { rawDatabaseText, rawQuery } from "../helpers/raw-db";

const { agent, reviewer, all, baseUrl } = clients();
const dataDir = inject("dataDir");

async function askAndAnswerSecret(values: Record<string, string>, asker = agent) {
  const ids = Object.keys(values);
  const created = await asker.create({
    source: "internal",
    agent: { name: "secrets", sessionId: uid() },
    questions: ids.map((id) => ({ id, header: "Credential", prompt: `Paste ${id}`, kind: "freeform" as const, secret: true })),
  });
  const answered = await reviewer.reply(created.id, { answers: Object.fromEntries(ids.map((id) => [id, { text: values[id]!, note: "rotates monthly" }])) });
  return { created, answered };
}

describe("secret answers", () => {
  it("never shows the value in reads, lists or events, and stores only ciphertext", async () => {
    const plaintext = `sk-live-${uid()}${uid()}`;
    const controller = new AbortController();
    const seen: string[] = [];
    const stream = (async () => {
      for await (const e of all.events({ lastEventId: 0, signal: controller.signal })) seen.push(JSON.stringify(e));
    })().catch(() => {});
    const { created, answered } = await askAndAnswerSecret({ key: plaintext });
    expect(answered.response).toEqual({
      answers: { key: { selected: [], custom: null, text: null, note: "rotates monthly", secret: { provided: true, claimedAt: null, purgedAt: null } } },
    });
    const read = await agent.get(created.id);
    const list = await reviewer.list({ agent: "secrets" });
    await new Promise((r) => setTimeout(r, 300));
    controller.abort();
    await stream;
    expect(seen.some((e) => e.includes(created.id))).toBe(true);
    for (const text of [JSON.stringify(read), JSON.stringify(list), ...seen]) expect(text).not.toContain(plaintext);
    expect((await rawDatabaseText(dataDir)).includes(Buffer.from(plaintext))).toBe(false);
  });

  it("is claimed once, by the creating token only", async () => {
    const plaintext = `pw-${uid()}`;
    const { created } = await askAndAnswerSecret({ key: plaintext });
    await expect(all.claimSecrets(created.id)).rejects.toMatchObject({ status: 404 });
    const res = await fetch(`${baseUrl}/api/v1/requests/${created.id}/secrets/claim`, {
      method: "POST",
      headers: { authorization: `Bearer ${inject("tokens").agent}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ key: plaintext });
    await expect(agent.claimSecrets(created.id)).rejects.toMatchObject({ status: 410, problem: { type: "/problems/secret-gone" } });
    const after = await agent.get(created.id);
    expect(after.response).toMatchObject({ answers: { key: { text: null, secret: { provided: true, claimedAt: expect.any(String) } } } });
  });

  it("20 parallel claims: exactly one gets the plaintext", async () => {
    const plaintext = `race-${uid()}`;
    const { created } = await askAndAnswerSecret({ a: plaintext, b: `${plaintext}-b` });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => agent.claimSecrets(created.id)));
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    expect((won[0] as PromiseFulfilledResult<Record<string, string>>).value).toEqual({ a: plaintext, b: `${plaintext}-b` });
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 410 });
  });

  it("a ciphertext moved to another question fails to decrypt", async () => {
    const { created } = await askAndAnswerSecret({ first: `one-${uid()}`, second: `two-${uid()}` });
    const rows = await rawQuery<{ id: string; sealed: string }>(dataDir, `SELECT id, sealed FROM "SecretAnswer" WHERE "requestId" = ? ORDER BY "questionId"`, [created.id]);
    expect(rows).toHaveLength(2);
    await rawQuery(dataDir, `UPDATE "SecretAnswer" SET sealed = ? WHERE id = ?`, [rows[1]!.sealed, rows[0]!.id]);
    await rawQuery(dataDir, `UPDATE "SecretAnswer" SET sealed = ? WHERE id = ?`, [rows[0]!.sealed, rows[1]!.id]);
    const err = await agent.claimSecrets(created.id).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 500 });
    expect(JSON.stringify((err as { problem: unknown }).problem)).not.toMatch(/one-|two-/);
  });

  it("a reply never echoes the secret, and the server log holds none", async () => {
    const plaintext = `log-${uid()}-${uid()}`;
    const { created } = await askAndAnswerSecret({ key: plaintext });
    await agent.claimSecrets(created.id);
    // a bad reply carrying a secret must not echo it either
    const other = await agent.create({
      source: "internal",
      agent: { name: "secrets" },
      questions: [{ id: "key", header: "Key", prompt: "Key?", kind: "freeform", secret: true }],
    });
    const err = await reviewer.reply(other.id, { answers: { key: { text: plaintext, selected: ["x"] } } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 422 });
    expect(JSON.stringify((err as { problem: unknown }).problem)).not.toContain(plaintext);
    await new Promise((r) => setTimeout(r, 200));
    expect(readFileSync(inject("logFile"), "utf8")).not.toContain(plaintext);
    expect(readFileSync(inject("logFile"), "utf8")).not.toContain(inject("tokens").agent);
  });

  it("a fresh client for the creating token claims too (the token, not the connection, owns it)", async () => {
    const plaintext = `fresh-${uid()}`;
    const { created } = await askAndAnswerSecret({ key: plaintext });
    const again = new QuestionsClient({ baseUrl, token: inject("tokens").agent });
    expect(await again.claimSecrets(created.id)).toEqual({ key: plaintext });
  });
});
