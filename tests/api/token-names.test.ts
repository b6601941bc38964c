// Token names are unique among a team's active tokens (issue 22): Settings, the admin CLI and the
// database index all refuse a second "my-agent"; revoking frees the name; and the migration that
// adds the index renames duplicates already stored (oldest keeps its name) instead of failing.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { adminOk, cliTeam, runAdmin } from "../helpers/cli";
import { uid } from "../helpers/clients";
import { rawQuery, storedDate } from "../helpers/raw-db";
import { migrate, ownDatabase, ROOT } from "../helpers/server";
import { signIn } from "./notify-helpers";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");

describe("token names", () => {
  it("Settings refuses a duplicate name with 409 naming the field, and creates nothing", async () => {
    const t = await cliTeam(dataDir); // has an active token named "agent"
    const ui = await signIn(baseUrl, t.email, t.password);
    const res = await ui("POST", `/api/ui/settings/teams/${t.teamId}/tokens`, { name: "agent", scopes: ["ask"] });
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    const problem = (await res.json()) as { detail: string; errors: { path: string }[] };
    expect(problem.detail).toBe('A token named "agent" already exists in this team; choose another name, or revoke that token first.');
    expect(problem.errors).toEqual([{ path: "name", message: expect.stringContaining('"agent"') }]);
    expect(JSON.stringify(problem)).not.toContain("oqt_");
    const rows = await rawQuery<{ n: number }>(dataDir, `SELECT COUNT(*) AS n FROM "ApiToken" WHERE "teamId" = ?`, [t.teamId]);
    expect(Number(rows[0]!.n)).toBe(1);

    // Another team may use the name; so may this one once the first is revoked.
    const other = await cliTeam(dataDir);
    expect(other.tokenId).not.toBe(t.tokenId);
    expect((await ui("POST", `/api/ui/settings/teams/${t.teamId}/tokens/${t.tokenId}/revoke`, {})).status).toBe(200);
    expect((await ui("POST", `/api/ui/settings/teams/${t.teamId}/tokens`, { name: "agent", scopes: ["ask"] })).status).toBe(201);
  }, 240_000);

  it("the admin CLI refuses a duplicate with a one-line error and a non-zero exit", async () => {
    const t = await cliTeam(dataDir);
    const r = await runAdmin(dataDir, ["token", "create", "--team", t.slug, "--name", "agent", "--scopes", "ask"]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('A token named "agent" already exists in this team');
    expect(r.stdout).not.toContain("oqt_");
    await adminOk(dataDir, ["token", "create", "--team", t.slug, "--name", `agent-${uid()}`, "--scopes", "ask"]);
  }, 240_000);
});

describe("migration 20261204020000_token_name_unique", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "oq-token-names-"));
  let dropDb: () => Promise<void> = async () => {};
  afterAll(async () => {
    await dropDb();
    rmSync(dir, { recursive: true, force: true });
  });

  it("renames existing duplicates deterministically (the oldest keeps the name), then enforces the index", async () => {
    dropDb = await ownDatabase(dir);
    migrate(dir);
    const sql = (q: string, params: unknown[] = []) => rawQuery(dir, q, params);
    // The database as it was before: no index, three active "my-agent" and a revoked one.
    await sql(`DROP INDEX "ApiToken_teamId_name_active_key"`);
    const team = (await sql(`SELECT id FROM "Team" WHERE slug = 'default'`))[0]!.id as string;
    const at = (s: number) => storedDate(new Date(Date.UTC(2026, 0, 1, 0, 0, s)));
    const insert = (id: string, name: string, created: number, revoked: boolean) =>
      sql(`INSERT INTO "ApiToken" (id, "teamId", name, hash, hint, scopes, policy, "createdAt", "revokedAt") VALUES (?, ?, ?, ?, 'abcd', 'ask', 'allow', ?, ?)`, [
        id,
        team,
        name,
        `hash-${id}`,
        at(created),
        revoked ? at(created) : null,
      ]);
    await insert("tok_c", "my-agent", 2, false);
    await insert("tok_a", "my-agent", 1, false);
    await insert("tok_b", "my-agent", 2, false); // same time as tok_c: the id decides
    await insert("tok_0", "my-agent", 0, true); // revoked: keeps its name, takes no part
    await insert("tok_x", "other", 3, false);

    const migration = readFileSync(path.join(ROOT, "prisma", process.env.TEST_DATABASE_URL ? "postgres" : "sqlite", "migrations/20261204020000_token_name_unique/migration.sql"), "utf8");
    const statements = migration
      .replace(/^--.*$/gm, "")
      .split(";")
      .map((s) => s.trim())
      .filter(Boolean);
    for (const s of statements) await sql(s);

    const names = Object.fromEntries((await sql(`SELECT id, name FROM "ApiToken" WHERE "teamId" = ? AND id IN ('tok_0','tok_a','tok_b','tok_c','tok_x')`, [team])).map((r) => [r.id, r.name]));
    expect(names).toEqual({ tok_0: "my-agent", tok_a: "my-agent", tok_b: "my-agent (tok_b)", tok_c: "my-agent (tok_c)", tok_x: "other" });
    await expect(insert("tok_d", "my-agent", 4, false)).rejects.toThrow(/unique|duplicate/i);
  }, 240_000);
});
