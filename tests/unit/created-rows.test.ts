// A decision starts from the row as this process created it (lib/questions/created-rows.ts), on a
// real SQLite file through the domain functions: it reads nothing when the row is unchanged, and
// when another writer changed it first (a reply elsewhere, an escalation, which keeps the version)
// the conditional update loses and the decision reads the request afresh.
import { afterAll, beforeAll, expect, it } from "vitest";
import { ownSqliteFile } from "../helpers/sqlite-file";

const file = ownSqliteFile("oq-created-rows-");

const { db, closeDb } = await import("../../lib/db/client");
const { createRequest } = await import("../../lib/questions/create");
const { replyToRequest } = await import("../../lib/questions/actions");
const { createdRowOf } = await import("../../lib/questions/created-rows");
const { CreateRequestSchema, ReplySchema } = await import("../../lib/questions/schemas");
const { AppError } = await import("../../lib/errors");
const { flushQueued } = await import("../../lib/insights/pending");
import type { Principal } from "../../lib/auth/principal";

const TEAM = "team_rows";
const principal: Principal = { kind: "token", tokenId: "tok_rows", tokenName: "rows", teamId: TEAM, scopes: ["ask", "answer", "read"], policy: "allow", defaultExpiresSeconds: null };
const scope = { teamId: TEAM };
const body = CreateRequestSchema.parse({
  title: "Pick a database",
  agent: { name: "rows-agent" },
  questions: [{ id: "db", header: "Database", prompt: "Which one?", kind: "single_select", options: [{ label: "PostgreSQL" }, { label: "SQLite" }] }],
});
const reply = ReplySchema.parse({ answers: { db: { selected: ["SQLite"] } } });

beforeAll(async () => {
  file.prepare();
  await db().team.create({ data: { id: TEAM, slug: "rows", name: "Rows" } });
  await db().apiToken.create({ data: { id: "tok_rows", teamId: TEAM, name: "rows", hash: "h_rows", hint: "rows", scopes: "ask,answer,read" } });
}, 60_000);
afterAll(async () => {
  // The decisions' insight marks are cleared two event-loop turns after them: before the close.
  await flushQueued();
  await closeDb();
  file.restore();
});

const create = async () => (await createRequest({ principal, body })).request;
const raw = (sql: string, ...args: unknown[]) => db().$executeRawUnsafe(sql, ...args);

it("keeps the created row for the decision and drops it at the request's next event", async () => {
  const { id } = await create();
  expect(createdRowOf({ id, teamId: TEAM })).toEqual({ ...(await db().questionRequest.findUniqueOrThrow({ where: { id } })), secrets: [] });
  expect(createdRowOf({ id, teamId: "team_other" })).toBeNull();
  expect(createdRowOf({ id, teamId: TEAM, tokenId: "tok_other" })).toBeNull();
  await replyToRequest({ scope, id, reply, actor: "token:rows" });
  expect(createdRowOf({ id, teamId: TEAM })).toBeNull();
});

it("reads nothing when the row is as created: a column changed behind the app's back is not seen", async () => {
  const { id } = await create();
  await raw(`UPDATE "QuestionRequest" SET "title" = 'changed behind the app' WHERE "id" = ?`, id);
  const decided = await replyToRequest({ scope, id, reply, actor: "token:rows" });
  expect(decided.title).toBe("Pick a database");
  expect(decided.status).toBe("answered");
});

it("reads the request afresh when it was escalated meanwhile (a change that keeps the version)", async () => {
  const { id } = await create();
  const at = new Date();
  await raw(`UPDATE "QuestionRequest" SET "escalatedAt" = ?, "title" = 'escalated elsewhere' WHERE "id" = ?`, at.toISOString(), id);
  const decided = await replyToRequest({ scope, id, reply, actor: "token:rows" });
  expect(decided).toMatchObject({ status: "answered", title: "escalated elsewhere", escalatedAt: at.toISOString(), version: 2 });
  expect(JSON.parse((await db().event.findFirstOrThrow({ where: { requestId: id, type: "request.answered" } })).payload)).toMatchObject({ escalatedAt: at.toISOString() });
});

it("answers 409 when another writer decided it first, and writes nothing more", async () => {
  const { id } = await create();
  await raw(`UPDATE "QuestionRequest" SET "status" = 'rejected', "version" = 2 WHERE "id" = ?`, id);
  await expect(replyToRequest({ scope, id, reply, actor: "token:rows" })).rejects.toThrow(AppError);
  await expect(replyToRequest({ scope, id, reply, actor: "token:rows" })).rejects.toMatchObject({ code: "already_resolved" });
  expect(await db().event.count({ where: { requestId: id } })).toBe(1);
  expect((await db().questionRequest.findUniqueOrThrow({ where: { id } })).status).toBe("rejected");
});

it("takes If-Match into account: the kept row at the named version is used, and a version moved on elsewhere is 412", async () => {
  const unchanged = await create();
  await raw(`UPDATE "QuestionRequest" SET "title" = 'changed behind the app' WHERE "id" = ?`, unchanged.id);
  expect((await replyToRequest({ scope, id: unchanged.id, reply, actor: "token:rows", expectVersion: 1 })).title).toBe("Pick a database");
  const moved = await create();
  await raw(`UPDATE "QuestionRequest" SET "version" = 2 WHERE "id" = ?`, moved.id);
  await expect(replyToRequest({ scope, id: moved.id, reply, actor: "token:rows", expectVersion: 1 })).rejects.toMatchObject({ code: "precondition_failed" });
  expect((await replyToRequest({ scope, id: moved.id, reply, actor: "token:rows", expectVersion: 2 })).status).toBe("answered");
});
