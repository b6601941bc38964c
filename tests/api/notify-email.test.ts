// Email through a real SMTP server (smtp-server) started here: every reviewer of the team gets
// one mail per new request (title, agent, questions, link; never an answer), the opt-out in
// Settings is respected, and an SMTP outage delays mail without losing it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { runAdmin } from "../helpers/cli";
import { freePort, migrate, startServer, type TestServer } from "../helpers/server";
import { rawQuery } from "../helpers/raw-db";
import { createTestDatabase, dropTestDatabase } from "../helpers/pg";
import { singleSelect, uid } from "../helpers/clients";
import { signIn, waitFor } from "./notify-helpers";

const PUBLIC_URL = "https://questions.example.test";
type Mail = { to: string[]; raw: string };

const dataDir = mkdtempSync(path.join(tmpdir(), "oq-mail-"));
let server: TestServer;
let smtp: SMTPServer;
const mails: Mail[] = [];
let refuseNext = 0;

beforeAll(async () => {
  const port = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (refuseNext > 0) {
          refuseNext--;
          return callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
        }
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, "127.0.0.1", resolve));
  // On PostgreSQL, a database of our own: the suite's shared server (other keys, no SMTP or
  // CALLBACK_HOSTS) must not act as a second instance of this deployment.
  if (process.env.TEST_PG_URL) process.env.TEST_DATABASE_URL = await createTestDatabase(process.env.TEST_PG_URL);
  migrate(dataDir);
  server = await startServer({
    dataDir,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL, NOTIFY_RETRY_BASE_MS: "400", NOTIFY_RETRY_MAX_MS: "1500", NOTIFY_POLL_MS: "200" },
  });
});
afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  if (!process.env.KEEP_TEST_DATA) rmSync(dataDir, { recursive: true, force: true });
  if (process.env.TEST_PG_URL && process.env.TEST_DATABASE_URL) await dropTestDatabase(process.env.TEST_PG_URL, process.env.TEST_DATABASE_URL);
});

/** Quoted-printable soft breaks and escapes undone, so assertions read the text as sent. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

async function cli(args: string[]): Promise<string> {
  const r = await runAdmin(dataDir, args);
  if (r.code !== 0) throw new Error(r.stderr);
  return r.stdout;
}

async function teamWithPeople() {
  const slug = `m-${uid()}`;
  await cli(["team", "create", slug]);
  const people = { reviewer: `rev-${uid()}@example.test`, lead: `lead-${uid()}@example.test`, admin: `adm-${uid()}@example.test` };
  for (const [role, email] of Object.entries(people)) {
    await cli(["user", "create", email, "--password", "pw-mail-123456", "--team", slug, "--role", role]);
  }
  const token = (await cli(["token", "create", "--team", slug, "--name", "agent", "--scopes", "ask,answer"])).trim().split("\n").at(-1)!;
  return { slug, people, client: new QuestionsClient({ baseUrl: server.url, token }) };
}

const mailsTo = (email: string) => mails.filter((m) => m.to.includes(email));

describe("email", { timeout: 180_000 }, () => {
  it("mails each reviewer once per new request, with a link and no answer, and respects the opt-out", async () => {
    const t = await teamWithPeople();
    const ui = await signIn(server.url, t.people.admin, "pw-mail-123456");
    const optOut = await ui("PUT", "/api/ui/settings/notifications", { email: false });
    expect(optOut.status).toBe(200);

    const created = await t.client.create(singleSelect({ title: "Choose the queue", agent: { name: "mail-agent" } }));
    await waitFor("two mails", () => mailsTo(t.people.reviewer).length === 1 && mailsTo(t.people.lead).length === 1);
    const mail = decoded(mailsTo(t.people.reviewer)[0]!.raw);
    expect(mail).toMatch(/^Subject: \[Questions\] mail-agent: Choose the queue/m);
    expect(mail).toContain("multipart/alternative");
    expect(mail).toContain("text/plain");
    expect(mail).toContain("text/html");
    expect(mail).toContain(`${PUBLIC_URL}/inbox/${created.id}`);
    expect(mail).toContain(`href="${PUBLIC_URL}/inbox/${created.id}"`);
    expect(mail).toContain("Which database should the service use?");
    expect(mail).toContain("PostgreSQL");

    const note = `answer-note-${uid()}`;
    await t.client.reply(created.id, { answers: { db: { selected: ["SQLite"], note } } });
    await new Promise((r) => setTimeout(r, 1500));
    expect(mailsTo(t.people.admin)).toHaveLength(0); // opted out
    expect(mailsTo(t.people.reviewer)).toHaveLength(1); // resolving mails nobody
    expect(mailsTo(t.people.lead)).toHaveLength(1);
    for (const m of mails) expect(m.raw).not.toContain(note);

    // Opting back in takes effect for the next request.
    expect((await ui("PUT", "/api/ui/settings/notifications", { email: true })).status).toBe(200);
    await t.client.create(singleSelect());
    await waitFor("the admin's mail", () => mailsTo(t.people.admin).length === 1);
  });

  it("an SMTP outage delays mail and loses none, and nobody is mailed twice", async () => {
    const t = await teamWithPeople();
    refuseNext = 2;
    const created = await t.client.create(singleSelect({ title: "During an outage" }));
    await waitFor("all three mails", () => Object.values(t.people).every((e) => mailsTo(e).length === 1));
    await new Promise((r) => setTimeout(r, 1000));
    for (const e of Object.values(t.people)) expect(mailsTo(e)).toHaveLength(1);
    const rows = await rawQuery<{ status: string; attempts: number }>(dataDir, `SELECT status, attempts FROM "Delivery" WHERE "requestId" = ? AND kind = 'email'`, [created.id]);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.status === "sent")).toBe(true);
    expect(rows.reduce((n, r) => n + Number(r.attempts), 0)).toBe(5); // two refused, then accepted
  });

  it("an invitation is mailed to the invited person with its single-use link (issue 22), and the link works", async () => {
    const t = await teamWithPeople();
    const ui = await signIn(server.url, t.people.admin, "pw-mail-123456");
    const teamId = (await rawQuery<{ id: string }>(dataDir, `SELECT id FROM "Team" WHERE slug = ?`, [t.slug]))[0]!.id;
    const invited = `new-${uid()}@example.test`;
    const res = await ui("POST", `/api/ui/settings/teams/${teamId}/invitations`, { email: invited, role: "reviewer" });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { kind: string; link: string; emailed: boolean };
    expect(body).toMatchObject({ kind: "invited", emailed: true });
    expect(body.link.startsWith(`${PUBLIC_URL}/invite/oqi_`)).toBe(true);

    // The mail is already at the SMTP server when the response arrives (sent before answering).
    const [mail] = mailsTo(invited);
    expect(mail).toBeDefined();
    const text = decoded(mail!.raw);
    expect(text).toMatch(new RegExp(`^Subject: \\[Questions\\] You are invited to ${t.slug}`, "m"));
    expect(text).toContain(body.link);
    expect(text).toContain(`href="${body.link}"`);
    expect(text).toContain(t.people.admin);
    // Only the invited person: nobody else of the team gets the link.
    for (const e of Object.values(t.people)) expect(mailsTo(e).some((m) => m.raw.includes("/invite/"))).toBe(false);

    // The mailed link is the real one: accepting it creates the account.
    const token = body.link.split("/invite/")[1]!;
    const accept = await fetch(`${server.url}/api/ui/invitations/accept`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ token, password: "pw-invited-123456" }),
    });
    expect(accept.status).toBeLessThan(300);
    await signIn(server.url, invited, "pw-invited-123456");
  });
});
