// /inbox as a browser first receives it: the pending rows are in the document itself, not streamed
// behind a loading fallback (React reveals such content no sooner than 300 ms after the fallback
// paints, which set the inbox's largest contentful paint; bench/scenarios/inbox.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { clients, singleSelect } from "../helpers/clients";
import { newSession, type Session } from "../helpers/session";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
const { agent } = clients();
let reviewer: Session;

beforeAll(async () => {
  reviewer = await newSession(baseUrl, dataDir);
});

describe("GET /inbox", () => {
  it("sends the pending rows in the page, with no loading fallback to reveal them later", async () => {
    const created = await agent.create(singleSelect());
    const res = await fetch(`${baseUrl}/inbox`, { headers: { cookie: reviewer.cookie } });
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
