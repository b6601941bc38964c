// The fast insert against Prisma on a real database (the provider DATABASE_URL / DATA_DIR name):
// a create written by the fast path is stored exactly as the same create written through Prisma
// (every column, as stored and as read back), a unique violation is P2002, and a failure leaves
// nothing behind; the fast insert names every column the database has. Run by ./fast-insert.test.ts
// (SQLite) and tests/multi/fast-insert.test.ts (PostgreSQL).
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db, closeDb, isUniqueViolation, pgPool } from "../../lib/db/client";
import { EVENTS_CHANNEL, INSTANCE_ID, isPostgres } from "../../lib/db/provider";
import { parseNotice } from "../../lib/events/notice";
import { tokenLiveAtCommit } from "../../lib/events/token-live";
import { createdRow } from "../../lib/questions/request-writes";
import pg from "pg";
import { newId } from "../../lib/ids";
import { changeFast, insertCreate, type CreateWrite, type FastChange } from "../../lib/db/fast-insert";
import { prepareEntry } from "../../lib/audit/entry";
import { verifyTeam } from "../../lib/audit/verify";
import { changeWithPrisma, insertCreateWithPrisma } from "./fast-insert-reference";
import { DELIVERY, EVENT, IDEMPOTENCY, REQUEST, type Table } from "../../lib/db/fast-insert/rows";
import { readRequestFast } from "../../lib/db/fast-read";
import { SECRET_META } from "../../lib/questions/view";
import { countLater, countPending, flushQueued } from "../../lib/insights/pending";
import { computeInsights } from "../../lib/insights/compute";

const TEAM = "team_fast";
const WEBHOOK = "wh_fast";

/** A create with every column set (and one with the optional ones left out), deliveries of each kind. */
function sample(full: boolean): CreateWrite {
  const now = new Date(Date.UTC(2026, 11, 3, 6, 7, 8, 9));
  const id = newId("qr");
  const at = (ms: number) => new Date(now.getTime() + ms);
  return {
    request: full
      ? {
          id, teamId: TEAM, tokenId: "tok_fast", status: "rejected", source: "claude_code", mode: "interactive", title: "Title ü \u{1F600}",
          context: "line 1\nline 2 'quoted' \"double\"", agentName: "agent", sessionId: "s1", turnId: "t1", toolCallId: "c1", parentRequestId: "qr_parent",
          questions: JSON.stringify([{ id: "q", prompt: "Which?" }]), response: JSON.stringify({ rejection: { code: "x" } }), searchText: "title ü",
          createdAt: now, expiresAt: at(60_000), resolvedAt: now, resolvedBy: "system", version: 1, callbackUrl: "https://example.test/cb",
          expirySource: "agent", mcpSessionId: "mcp_1", agentSeenAt: at(5), agentGoneAt: at(6), escalatedAt: at(7), cwd: "/work/ü",
          approvals: JSON.stringify({ required: 2, votes: [] }), fingerprint: "f".repeat(16), kind: "choice", answerDigest: "d".repeat(16), waitSeconds: 0,
          insightPending: false,
        }
      : { id, teamId: TEAM, source: "codex", mode: "interactive", agentName: "a", questions: "[]", createdAt: now },
    event: { teamId: TEAM, requestId: id, tokenId: full ? "tok_fast" : null, type: "request.created", payload: JSON.stringify({ id, n: 1 }), createdAt: now },
    deliveries: full
      ? [
          {
            id: newId("dl"), teamId: TEAM, requestId: id, kind: "webhook", webhookId: WEBHOOK, userId: "usr_2", target: "https://example.test/t", dedupe: `webhook:${id}`,
            type: "request.created", body: "{}", status: "paused", attempts: 2, nextAttemptAt: now, deadlineAt: at(3_600_000), leaseId: "ls_1", leaseUntil: at(30_000),
            responseCode: 503, responseExcerpt: "busy", lastError: "HTTP 503", createdAt: now, sentAt: at(8), destination: `wh:${WEBHOOK}`,
          },
          { id: newId("dl"), teamId: TEAM, requestId: id, kind: "email", userId: "usr_1", dedupe: `email:${id}:usr_1`, type: "request.created", body: "{}", createdAt: now, nextAttemptAt: now, deadlineAt: at(3_600_000) },
          { id: newId("dl"), teamId: TEAM, requestId: id, kind: "callback", target: "https://example.test/cb", dedupe: `callback:${id}`, type: "request.created", body: "{\"a\":1}", createdAt: now, nextAttemptAt: at(1), deadlineAt: at(2) },
        ]
      : [],
    idempotency: full ? { tokenId: "tok_fast", key: newId("key"), requestHash: "h".repeat(64), requestId: id, createdAt: now, expiresAt: at(86_400_000) } : undefined,
  };
}

/** The columns of a sample row the fast insert would leave to its default or null. */
const unset = (table: Table, rows: object[]) => table.columns.filter((c) => rows.every((r) => (r as Record<string, unknown>)[c] === undefined));

/** The table's columns as the database has them (not rows.ts's list: a new column must be compared too). */
async function columnsOf(table: Table): Promise<string[]> {
  const rows = isPostgres()
    ? await db().$queryRawUnsafe<{ name: string }[]>(`SELECT column_name AS name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema() ORDER BY ordinal_position`, table.name)
    : await db().$queryRawUnsafe<{ name: string }[]>(`SELECT name FROM pragma_table_info('${table.name}')`);
  return rows.map((r) => r.name);
}

/** A reply to the pending request `w` created: every column a decision sets, an outbox row, an audit entry. */
function decision(w: CreateWrite, now = new Date(Date.UTC(2026, 11, 4, 1, 2, 3, 4))): FastChange {
  const id = w.request.id;
  const payload = JSON.stringify({ id, status: "answered" });
  return {
    id,
    version: 1,
    data: { status: "answered", response: JSON.stringify({ answers: { q: { selected: ["A ü"] } } }), resolvedAt: now, resolvedBy: "token:rev 'q'", version: 2, waitSeconds: 7, answerDigest: "a".repeat(16), searchText: "title\nanswered a ü" },
    event: { teamId: TEAM, requestId: id, tokenId: null, type: "request.answered", payload, createdAt: now },
    deliveries: [{ id: newId("dl"), teamId: TEAM, requestId: id, kind: "webhook", webhookId: WEBHOOK, target: "https://example.test/h", dedupe: `webhook:${id}:answered`, type: "request.answered", body: payload, createdAt: now, nextAttemptAt: now, deadlineAt: new Date(now.getTime() + 3_600_000) }],
    audit: prepareEntry({ teamId: TEAM, actor: "token:rev", address: "127.0.0.1", action: "request.answered", target: id, details: { title: "T" } }, now),
  };
}

/** Every column as the database stores it, as text: the stored form must match, not only the parsed one. */
async function stored(table: Table, where: string, value: string): Promise<Record<string, unknown>[]> {
  const cast = (c: string) => (isPostgres() ? `"${c}"::text` : `CAST("${c}" AS TEXT)`);
  const cols = await columnsOf(table);
  const sql = `SELECT ${cols.map((c) => `${cast(c)} AS "${c}"`).join(", ")} FROM "${table.name}" WHERE "${where}" = ${isPostgres() ? "$1" : "?"} ORDER BY ${cast(cols[0]!)}`;
  return db().$queryRawUnsafe<Record<string, unknown>[]>(sql, value);
}

/** The decisions the insight histogram counts for the suite's team. */
const insightCount = async () => (await db().insightDay.findMany({ where: { teamId: TEAM } })).reduce((sum, d) => sum + d.n, 0);
const marked = async (id: string) => (await db().questionRequest.findUniqueOrThrow({ where: { id } })).insightPending;

/** The rows of one create, as stored and as Prisma reads them, with its own ids replaced. */
async function snapshot(w: CreateWrite) {
  const id = w.request.id;
  const rename = (rows: unknown) => {
    let text = JSON.stringify(rows).replaceAll(id, "<id>");
    for (const [i, d] of w.deliveries.entries()) text = text.replaceAll(d.id, `<dl${i}>`);
    if (w.idempotency) text = text.replaceAll(w.idempotency.key, "<key>");
    return JSON.parse(text) as unknown;
  };
  const deliveryOrder = (rows: { kind: string }[]) => rows.sort((a, b) => a.kind.localeCompare(b.kind));
  return rename({
    stored: {
      request: await stored(REQUEST, "id", id),
      event: (await stored(EVENT, "requestId", id)).map(({ id: _, ...rest }) => rest),
      deliveries: deliveryOrder((await stored(DELIVERY, "requestId", id)) as { kind: string }[]),
      idempotency: await stored(IDEMPOTENCY, "requestId", id),
    },
    read: {
      request: await db().questionRequest.findUnique({ where: { id } }),
      event: await db().event.findMany({ where: { requestId: id }, omit: { id: true } }),
      deliveries: deliveryOrder(await db().delivery.findMany({ where: { requestId: id } })),
      idempotency: await db().idempotencyRecord.findMany({ where: { requestId: id } }),
    },
  });
}

async function leftBehind(w: CreateWrite): Promise<number> {
  const requestId = w.request.id;
  const counts = await Promise.all([
    db().questionRequest.count({ where: { id: requestId } }),
    db().event.count({ where: { requestId } }),
    db().delivery.count({ where: { requestId } }),
    db().idempotencyRecord.count({ where: { requestId } }),
  ]);
  return counts.reduce((a, b) => a + b, 0);
}

/** The same create with fresh ids. */
function again(w: CreateWrite): CreateWrite {
  const id = newId("qr");
  return {
    request: { ...w.request, id },
    event: { ...w.event, requestId: id, payload: w.event.payload.replaceAll(w.request.id, id) },
    deliveries: w.deliveries.map((d) => ({ ...d, id: newId("dl"), requestId: id, dedupe: d.dedupe?.replaceAll(w.request.id, id) ?? null })),
    idempotency: w.idempotency && { ...w.idempotency, key: newId("key"), requestId: id },
  };
}

export function fastInsertSuite(prepare: () => Promise<() => Promise<void>>): void {
  let cleanup = async () => {};
  beforeAll(async () => {
    cleanup = await prepare();
    execFileSync(process.execPath, ["scripts/prepare-db.mjs"], { env: process.env, stdio: "ignore" });
    await db().team.create({ data: { id: TEAM, slug: `fast-${Date.now()}`, name: "Fast" } });
    await db().webhook.create({ data: { id: WEBHOOK, teamId: TEAM, url: "https://example.test/h", events: "request.created", secretSealed: "x" } });
  }, 120_000);
  afterAll(async () => {
    await closeDb();
    await cleanup();
  });

  describe(`fast insert (${isPostgres() ? "PostgreSQL" : "SQLite"})`, () => {
    it("names every column the database has (the lists come from the Prisma model)", async () => {
      for (const table of [REQUEST, EVENT, DELIVERY, IDEMPOTENCY]) {
        const database = (await columnsOf(table)).filter((c) => !(table === EVENT && c === "id"));
        expect({ table: table.name, columns: [...table.columns].sort() }).toEqual({ table: table.name, columns: database.sort() });
      }
    });

    it("compares every column: the sample with every column set sets each of them", () => {
      const full = sample(true);
      const left = { request: unset(REQUEST, [full.request]), event: unset(EVENT, [full.event]), deliveries: unset(DELIVERY, full.deliveries), idempotency: unset(IDEMPOTENCY, [full.idempotency!]) };
      // A column added to the model: give it a value in sample(true), so the comparison below covers it.
      expect(left).toEqual({ request: [], event: [], deliveries: [], idempotency: [] });
    });

    for (const full of [true, false]) {
      it(`stores a create ${full ? "with every column set" : "with the optional columns left out"} exactly as Prisma does`, async () => {
        const viaPrisma = sample(full);
        const viaFast = again(viaPrisma);
        const prismaEvent = await insertCreateWithPrisma(viaPrisma);
        const fastEvent = await insertCreate(viaFast);
        expect(await snapshot(viaFast)).toEqual(await snapshot(viaPrisma));
        // The event row handed to the hub is the stored one.
        expect(fastEvent.id).toBeGreaterThan(prismaEvent.id);
        expect(fastEvent).toEqual(await db().event.findUnique({ where: { id: fastEvent.id } }));
      });
    }

    it("stores a decision (update, event, outbox row, audit entry) exactly as Prisma's batch does", async () => {
      const viaPrisma = again(sample(false));
      const viaFast = again(sample(false));
      await insertCreate(viaPrisma);
      await insertCreate(viaFast);
      const prismaChange = decision(viaPrisma);
      const fastChange = decision(viaFast);
      await changeWithPrisma(prismaChange);
      const counted = await insightCount();
      const fastEvent = await changeFast(fastChange);
      // The fast decision marks its row and leaves the insight counters to a second transaction
      // (lib/insights/pending.ts): Prisma's counted its row at once, this one counts once cleared.
      expect(await marked(fastChange.id)).toBe(true);
      expect(await insightCount()).toBe(counted);
      countLater(fastChange.id);
      await flushQueued();
      expect(await marked(fastChange.id)).toBe(false);
      expect(await insightCount()).toBe(counted + 1);
      const withDeliveries = (w: CreateWrite, c: FastChange) => ({ ...w, deliveries: c.deliveries });
      expect(await snapshot(withDeliveries(viaFast, fastChange))).toEqual(await snapshot(withDeliveries(viaPrisma, prismaChange)));
      expect(fastEvent).toEqual(await db().event.findUnique({ where: { id: fastEvent!.id } }));
      // The audit entries: the same row but for their own ids and places in the chain, which stays whole.
      const entry = async (c: FastChange) => {
        const { id: _, seq, prevHash: __, hash: ___, data, target: ____, ...rest } = (await db().auditEntry.findFirstOrThrow({ where: { target: c.id } }));
        return { seq, rest, data: data.replaceAll(c.id, "<id>").replaceAll(c.audit.id, "<entry>") };
      };
      const [a, b] = [await entry(prismaChange), await entry(fastChange)];
      expect(b.seq).toBe(a.seq + 1);
      expect({ ...b, seq: 0 }).toEqual({ ...a, seq: 0 });
      expect(await verifyTeam(TEAM)).toMatchObject({ ok: true });
    });

    it("counts a decision a stop left marked (before its second transaction): at the next sweep, and before an insights read", async () => {
      // Three days ago at noon: a closed day, which an insights read takes from the histogram.
      const day = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 3 * 86_400_000);
      const decided = async () => {
        const w = again(sample(false));
        await insertCreate(w);
        await changeFast(decision(w, new Date(day.getTime() + 43_200_000))); // no countLater: as if the process stopped here
        expect(await marked(w.request.id)).toBe(true);
        return w.request.id;
      };
      const before = await insightCount();
      const first = await decided();
      expect(await countPending()).toBe(1);
      expect(await marked(first)).toBe(false);
      expect(await insightCount()).toBe(before + 1);
      const period = { teamId: TEAM, period: { from: day, to: new Date(day.getTime() + 86_400_000) } };
      const answered = async () => (await computeInsights(period)).counts.answered;
      const shown = await answered();
      const second = await decided();
      expect(await answered()).toBe(shown + 1);
      expect(await marked(second)).toBe(false);
    });

    it("writes nothing of a decision that lost the race (version moved on, or not yet expired)", async () => {
      const w = again(sample(false));
      w.request.expiresAt = new Date(Date.now() - 60_000);
      await insertCreate(w);
      const events = () => db().event.count({ where: { requestId: w.request.id } });
      expect(await changeFast({ ...decision(w), version: 5 })).toBeNull();
      expect(await changeFast({ ...decision(w), expiredBy: new Date(0) })).toBeNull();
      expect(await events()).toBe(1);
      expect(await db().auditEntry.count({ where: { target: w.request.id } })).toBe(0);
      expect(await db().delivery.count({ where: { requestId: w.request.id } })).toBe(0);
      expect((await db().questionRequest.findUniqueOrThrow({ where: { id: w.request.id } })).status).toBe("pending");
      // The one that holds wins once (an expiry that is due included); the same change again loses.
      expect(await changeFast({ ...decision(w), expiredBy: new Date() })).not.toBeNull();
      expect(await changeFast(decision(w))).toBeNull();
      expect(await events()).toBe(2);
    });

    it("reads a request with its secrets' metadata exactly as Prisma's findFirst does (the read a decision starts from)", async () => {
      for (const w of [again(sample(true)), again(sample(false))]) {
        await insertCreate(w);
        const id = w.request.id;
        const at = new Date(Date.UTC(2026, 11, 5, 1, 2, 3, 456));
        await db().secretAnswer.create({ data: { id: newId("sec"), requestId: id, questionId: "q", teamId: TEAM, sealed: "v1.x", providedBy: "token:rev", createdAt: at, claimedAt: new Date(at.getTime() + 1) } });
        await db().secretAnswer.create({ data: { id: newId("sec"), requestId: id, questionId: "q2", teamId: TEAM, providedBy: "token:rev", createdAt: at } });
        const viaPrisma = async (tokenId?: string) => {
          const row = await db().questionRequest.findFirst({ where: { id, teamId: TEAM, ...(tokenId !== undefined ? { tokenId } : {}) }, include: { secrets: { select: SECRET_META, orderBy: { questionId: "asc" } } } });
          return row;
        };
        const viaFast = async (tokenId?: string) => {
          const row = await readRequestFast({ id, teamId: TEAM, ...(tokenId !== undefined ? { tokenId } : {}) });
          return row && { ...row, secrets: [...row.secrets].sort((a, b) => a.questionId.localeCompare(b.questionId)) };
        };
        const prismaRow = await viaPrisma();
        expect(prismaRow?.secrets).toHaveLength(2);
        expect(await viaFast()).toEqual(prismaRow);
        // Every date a Date at the same instant (not a local-time reading of UTC text).
        expect((await viaFast())!.createdAt.getTime()).toBe(w.request.createdAt.getTime());
        expect(await viaFast("tok_fast")).toEqual(await viaPrisma("tok_fast"));
        expect(await viaFast("tok_other")).toBeNull();
        expect(await readRequestFast({ id, teamId: "team_other" })).toBeNull();
        expect(await readRequestFast({ id: newId("qr"), teamId: TEAM })).toBeNull();
      }
    });

    it("answers reads asked together each with its own key's row (PostgreSQL shares one query among them)", async () => {
      const w = again(sample(true));
      await insertCreate(w);
      const id = w.request.id;
      const keys = [
        ...Array.from({ length: 40 }, () => ({ id, teamId: TEAM })),
        { id, teamId: TEAM, tokenId: "tok_fast" },
        { id, teamId: TEAM, tokenId: "tok_other" },
        { id, teamId: "team_other" },
        { id: newId("qr"), teamId: TEAM },
      ];
      const rows = await Promise.all(keys.map((k) => readRequestFast(k)));
      const expected = await db().questionRequest.findFirst({ where: { id }, include: { secrets: { select: SECRET_META } } });
      for (const row of rows.slice(0, 41)) expect(row).toEqual(expected);
      expect(rows.slice(41)).toEqual([null, null, null]);
      // Each caller holds its own row: changing one changes no other.
      rows[0]!.title = "changed";
      expect(rows[1]!.title).toBe(expected!.title);
    });

    it.skipIf(!isPostgres())("announces a decision with its event row in the notification (other instances need not read it)", async () => {
      const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await listener.connect();
      try {
        const notices: string[] = [];
        listener.on("notification", (m) => m.channel === EVENTS_CHANNEL && notices.push(m.payload ?? ""));
        await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
        const w = again(sample(false));
        await insertCreate(w);
        const event = await changeFast(decision(w));
        await vi.waitFor(() => expect(notices.some((n) => parseNotice(n)?.row.id === event!.id)).toBe(true));
        const carried = notices.map(parseNotice).find((n) => n?.row.id === event!.id)!;
        expect(carried).toEqual({ instance: INSTANCE_ID, row: await db().event.findUnique({ where: { id: event!.id } }) });
        // The row travels once: no plain notification of this instance beside it.
        expect(notices.filter((n) => n === INSTANCE_ID)).toHaveLength(1); // the create's
      } finally {
        await listener.end();
      }
    });

    it("knows the row a create stored without reading it (the row a decision may start from)", async () => {
      for (const w of [again(sample(true)), again(sample(false))]) {
        w.request.status = "pending";
        await insertCreate(w);
        const { secrets, ...read } = (await readRequestFast({ id: w.request.id, teamId: TEAM }))!;
        expect(createdRow(w.request)).toEqual(read);
        expect(secrets).toEqual([]);
      }
    });

    it("reads the request's token in the decision's transaction: live is marked on the event (and its notification), revoked is not", async () => {
      const tokenId = newId("tok");
      await db().apiToken.create({ data: { id: tokenId, teamId: TEAM, name: tokenId, hash: tokenId, hint: "abcd", scopes: "ask" } });
      const listener = isPostgres() ? new pg.Client({ connectionString: process.env.DATABASE_URL }) : null;
      const notices: string[] = [];
      if (listener) {
        await listener.connect();
        listener.on("notification", (m) => m.channel === EVENTS_CHANNEL && notices.push(m.payload ?? ""));
        await listener.query(`LISTEN ${EVENTS_CHANNEL}`);
      }
      try {
        const decide = async (token: string | null) => {
          const w = again(sample(false));
          w.request.tokenId = token;
          await insertCreate(w);
          const c = decision(w);
          const event = (await changeFast({ ...c, event: { ...c.event, tokenId: token } }))!;
          const carried = () => notices.map(parseNotice).find((n) => n?.row.id === event.id) ?? expect.fail("not notified yet");
          const notice = listener ? await vi.waitFor(carried) : null;
          return { atCommit: tokenLiveAtCommit(event), inNotice: notice && tokenLiveAtCommit(notice.row) };
        };
        expect(await decide(tokenId)).toEqual({ atCommit: tokenId, inNotice: listener ? tokenId : null });
        expect(await decide(null)).toEqual({ atCommit: null, inNotice: null });
        await db().apiToken.update({ where: { id: tokenId }, data: { revokedAt: new Date() } });
        expect(await decide(tokenId)).toEqual({ atCommit: null, inNotice: null });
      } finally {
        await listener?.end();
      }
    });

    it.skipIf(!isPostgres())("writes a decision with statements prepared once on the connection (PREPARE, then EXECUTE)", async () => {
      const w = again(sample(false));
      await insertCreate(w);
      expect(await changeFast(decision(w))).not.toBeNull();
      // The pool hands out the connection released last: the one the decision ran on.
      const client = await pgPool().connect();
      try {
        const { rows } = await client.query<{ statement: string }>(`SELECT statement FROM pg_prepared_statements WHERE name LIKE 'oq\\_%'`);
        const prepared = rows.map((r) => r.statement).join("\n");
        for (const part of ['UPDATE "QuestionRequest"', 'INSERT INTO "Event"', 'INSERT INTO "Delivery"', 'INSERT INTO "AuditEntry"']) expect(prepared).toContain(part);
      } finally {
        client.release();
      }
      // Again on the same connection: executed as prepared, with this decision's own values.
      const next = again(sample(false));
      await insertCreate(next);
      const event = await changeFast(decision(next));
      expect(event).toEqual(await db().event.findUnique({ where: { id: event!.id } }));
      expect((await db().questionRequest.findUniqueOrThrow({ where: { id: next.request.id } })).status).toBe("answered");
    });

    it("maps a unique violation to P2002 and leaves nothing of the failed create", async () => {
      const first = sample(true);
      await insertCreate(first);
      const clash = again(first);
      clash.idempotency = { ...clash.idempotency!, key: first.idempotency!.key }; // the same token and Idempotency-Key
      const error = await insertCreate(clash).then(() => null, (e: unknown) => e);
      expect(isUniqueViolation(error)).toBe(true);
      expect(await leftBehind(clash)).toBe(0);
    });

    it("rolls back everything when a later write fails, and the next create still works", async () => {
      const broken = again(sample(true));
      broken.deliveries[0] = { ...broken.deliveries[0]!, webhookId: "wh_missing" }; // a foreign key that fails after the request and event
      const error = await insertCreate(broken).then(() => null, (e: unknown) => e);
      expect(error).toBeTruthy();
      expect(isUniqueViolation(error)).toBe(false);
      expect(await leftBehind(broken)).toBe(0);
      const next = again(sample(true));
      await insertCreate(next);
      expect(await leftBehind(next)).toBe(1 + 1 + 3 + 1);
    });

    it("fails only the clashing create among concurrent ones (PostgreSQL writes them in batches)", async () => {
      const first = sample(true);
      await insertCreate(first);
      const clash = again(first);
      clash.idempotency = { ...clash.idempotency!, key: first.idempotency!.key };
      const others = Array.from({ length: 8 }, () => again(sample(true)));
      // Started together: on PostgreSQL the first goes alone and the rest wait for one batch.
      const outcomes = await Promise.all([...others, clash].map((w) => insertCreate(w).then((e) => e, (e: unknown) => e as Error)));
      expect(isUniqueViolation(outcomes.at(-1))).toBe(true);
      expect(await leftBehind(clash)).toBe(0);
      const ids = outcomes.slice(0, -1).map((e) => (e as { id: number }).id);
      expect(ids.every((id) => Number.isInteger(id))).toBe(true);
      expect(new Set(ids).size).toBe(others.length);
      for (const [i, w] of others.entries()) {
        expect(await leftBehind(w)).toBe(1 + 1 + 3 + 1);
        // Each caller gets its own event row.
        expect((await db().event.findUnique({ where: { id: ids[i]! } }))?.requestId).toBe(w.request.id);
      }
    });
  });
}
