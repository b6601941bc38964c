// /inbox as a browser first receives it: the oldest pending rows are in the document itself, not
// streamed behind a loading fallback (React reveals such content no sooner than 300 ms after the
// fallback paints, which set the inbox's largest contentful paint; bench/scenarios/inbox.ts), and
// only the first INBOX_FIRST of them: the rest come from GET /api/ui/requests?after=, a page at a
// time, so a reviewer still reaches every open request.
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { QuestionsClient } from "@openoxide/questions-client";
import { INBOX_FIRST, INBOX_PAGE } from "@/lib/questions/inbox-pages";
import type { InboxPage } from "@/lib/questions/inbox";
import { runAdmin } from "../helpers/cli";
import { singleSelect, uid } from "../helpers/clients";
import { newSession, type Session } from "../helpers/session";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");

const page = (cookie: string, path: string) => fetch(`${baseUrl}${path}`, { headers: { cookie } });

/** A team of its own, an agent asking in it and a reviewer of it: other files' open requests on
 * the shared server sit in the default team, and only the oldest INBOX_FIRST rows are in the page. */
async function ownTeam(): Promise<{ agent: QuestionsClient; reviewer: Session }> {
  const cli = async (args: string[]) => {
    const r = await runAdmin(dataDir, args);
    if (r.code !== 0) throw new Error(r.stderr);
    return r.stdout.trim();
  };
  const slug = `pages-${uid()}`;
  await cli(["team", "create", slug]);
  const token = (await cli(["token", "create", "--team", slug, "--name", "agent", "--scopes", "ask"])).split("\n").at(-1)!;
  return { agent: new QuestionsClient({ baseUrl, token }), reviewer: await newSession(baseUrl, dataDir, { team: slug }) };
}

describe("GET /inbox", () => {
  it("sends the pending rows in the page, with no loading fallback to reveal them later", async () => {
    const { agent, reviewer } = await ownTeam();
    const created = await agent.create(singleSelect());
    const res = await page(reviewer.cookie, "/inbox");
    expect(res.status).toBe(200);
    const html = await res.text();
    const row = html.indexOf(`href="/inbox/${created.id}"`);
    expect(row).toBeGreaterThan(-1);
    // Streamed Suspense content arrives in hidden segments after the shell, swapped in by $RC.
    const hidden = html.indexOf('<div hidden id="S:');
    expect(hidden === -1 || row < hidden, "the row is in a hidden segment revealed after a fallback").toBe(true);
    expect(html).not.toContain("Loading the inbox");
    await agent.cancel(created.id);
  });
});

describe("a thousand open requests", () => {
  const OPEN = 1000;
  let ids: string[] = [];
  let lead: Session;

  beforeAll(async () => {
    const team = await ownTeam();
    const own = team.agent;
    lead = team.reviewer;
    for (let i = 0; i < OPEN; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, (_, j) => own.create(singleSelect({ title: `Paged ${i + j}` }))));
      ids.push(...batch.map((r) => r.id));
    }
    ids = [...ids].sort(); // the inbox's order: ids sort by creation
  }, 300_000);

  it("the page holds the oldest rows only, with the count of all", async () => {
    const html = await (await page(lead.cookie, "/inbox")).text();
    const shown = ids.filter((id) => html.includes(`href="/inbox/${id}"`));
    expect(shown).toEqual(ids.slice(0, INBOX_FIRST));
    expect(html).toContain(`aria-label="${OPEN} pending"`);
    expect(html).toContain(`Showing the oldest ${INBOX_FIRST} of ${OPEN}`);
  });

  it("the rest come a page at a time after the last row held, every one of them, oldest first", async () => {
    const seen = ids.slice(0, INBOX_FIRST);
    for (;;) {
      const res = await page(lead.cookie, `/api/ui/requests?after=${seen.at(-1)}`);
      expect(res.status).toBe(200);
      const next = (await res.json()) as InboxPage;
      expect(next.total).toBe(OPEN);
      expect(next.data.length).toBeLessThanOrEqual(INBOX_PAGE);
      if (!next.data.length) break;
      seen.push(...next.data.map((r) => r.id));
    }
    expect(seen).toEqual(ids);
  });

  it("a refetch asks for as many rows as the page holds", async () => {
    const res = await page(lead.cookie, `/api/ui/requests?limit=${OPEN}`);
    expect(((await res.json()) as InboxPage).data.map((r) => r.id)).toEqual(ids);
  });

  it.each([
    ["limit=0", "limit"],
    ["limit=1001", "limit"],
    ["limit=ten", "limit"],
    [`after=${"x".repeat(41)}`, "after"],
  ])("?%s is a problem naming the field", async (query, field) => {
    const res = await page(lead.cookie, `/api/ui/requests?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(JSON.stringify(await res.json())).toContain(`"${field}"`);
  });
});
