// Pages as a browser meets them: where /signin?next= may lead, the statuses of forbidden and
// missing pages, and the security headers of pages and API responses. Sessions are real sign-ins.
import { beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { rawQuery } from "../helpers/raw-db";
import { newSession, type Session } from "../helpers/session";

const baseUrl = inject("baseUrl");
const dataDir = inject("dataDir");
let reviewer: Session;
let lead: Session;
let removed: Session;

beforeAll(async () => {
  [reviewer, lead, removed] = await Promise.all([newSession(baseUrl, dataDir), newSession(baseUrl, dataDir, { role: "lead" }), newSession(baseUrl, dataDir)]);
  // Still signed in, but no longer a member of any team (every page re-checks memberships).
  await rawQuery(dataDir, `DELETE FROM "Membership" WHERE "userId" = (SELECT "id" FROM "User" WHERE "email" = ?)`, [removed.email]);
});

const get = (path: string, cookie?: string) => fetch(`${baseUrl}${path}`, { redirect: "manual", headers: cookie ? { cookie } : {} });

describe("/signin?next=", () => {
  it.each([
    ["/%09/evil.example/x", "tab between slashes"],
    ["/%0a/evil.example/x", "newline between slashes"],
    ["/%5Cevil.example", "backslash"],
    ["//evil.example", "protocol-relative"],
    ["https://evil.example/", "absolute"],
  ])("a signed-in user sent to %s (%s) stays on this site", async (next) => {
    const res = await get(`/signin?next=${next}`, reviewer.cookie);
    await res.arrayBuffer();
    expect(res.status).toBe(307);
    expect(res.headers.get("location")).toBe("/inbox");
  });

  it("a same-site path survives, normalised", async () => {
    const res = await get(`/signin?next=${encodeURIComponent("/history?q=a b")}`, reviewer.cookie);
    await res.arrayBuffer();
    expect(res.headers.get("location")).toBe("/history?q=a%20b");
  });

  it("a %0a in next is not a 500, and the sign-in form never carries the foreign target", async () => {
    const res = await get("/signin?next=/%0a/evil.example/x");
    expect(res.status).toBe(200);
    // The form's return path (in the page's payload) is the fallback, not the foreign target.
    const html = await res.text();
    expect(html).toContain('\\"next\\":\\"/inbox\\"');
    expect(html).not.toMatch(/\\"next\\":\\"[^"\\]*evil/);
  });
});

describe("page statuses", () => {
  it.each([
    ["the inbox, for someone removed from every team", "/inbox", 403, () => removed],
    ["history, for someone removed from every team", "/history", 403, () => removed],
    ["a request that does not exist", "/inbox/qr_doesnotexist", 404, () => reviewer],
    ["a history item that does not exist", "/history/qr_doesnotexist", 404, () => lead],
    ["a path that does not exist", "/no-such-page", 404, () => reviewer],
  ])("%s (%s) answers %i", async (_name, path, status, who) => {
    const res = await get(path, who().cookie);
    await res.arrayBuffer();
    expect(res.status).toBe(status);
  });
});

describe("security headers", () => {
  it("pages: a nonce-based policy, fresh per view, carried by every inline script", async () => {
    const nonces = new Set<string>();
    for (const [path, cookie] of [["/signin", undefined], ["/inbox", reviewer.cookie]] as const) {
      const res = await get(path, cookie);
      const html = await res.text();
      expect(res.status).toBe(200);
      const policy = res.headers.get("content-security-policy") ?? "";
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toContain("unsafe-inline' 'strict"); // scripts: never unsafe-inline
      const nonce = /script-src 'self' 'nonce-([^']+)' 'strict-dynamic'/.exec(policy)?.[1];
      expect(nonce).toBeTruthy();
      nonces.add(nonce!);
      const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const attrs of scripts) expect(attrs).toContain(`nonce="${nonce}"`);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("same-origin");
    }
    expect(nonces.size).toBe(2);
  });

  it.each(["/api/health", "/api/v1/requests", "/api/ui/requests"])("%s: nosniff, Referrer-Policy, a policy that renders nothing", async (path) => {
    const res = await get(path);
    await res.arrayBuffer();
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
