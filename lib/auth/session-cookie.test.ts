// The browser stream's session (lib/auth/session-cookie.ts) reads the cookie next-auth set, under
// the name next-auth gives it for the request's protocol, and nothing else.
import type { IncomingMessage } from "node:http";
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { sessionUserId } from "./session-cookie";

const SECRET = "session-cookie-test-secret";
let jwt = "";

beforeAll(async () => {
  vi.stubEnv("NEXTAUTH_SECRET", SECRET);
  vi.stubEnv("NEXTAUTH_URL", "");
  jwt = await encode({ token: { uid: "user_1" }, secret: SECRET });
});

const request = (headers: Record<string, string>) => ({ headers, socket: {} }) as unknown as IncomingMessage;

describe("sessionUserId", () => {
  it("names the user of next-auth's cookie over http", async () => {
    expect(await sessionUserId(request({ cookie: `theme=dark; next-auth.session-token=${jwt}` }))).toBe("user_1");
  });

  it("reads the __Secure- cookie when a trusted proxy says https, and only then", async () => {
    const cookie = `__Secure-next-auth.session-token=${jwt}`;
    expect(await sessionUserId(request({ cookie, "x-forwarded-proto": "https" }))).toBe("user_1");
    expect(await sessionUserId(request({ cookie }))).toBeNull();
  });

  it("takes no token from Authorization, a forged cookie or an expired one", async () => {
    const expired = await encode({ token: { uid: "user_1" }, secret: SECRET, maxAge: -60 });
    const forged = await encode({ token: { uid: "user_1" }, secret: "another-secret" });
    expect(await sessionUserId(request({ authorization: `Bearer ${jwt}` }))).toBeNull();
    expect(await sessionUserId(request({ cookie: `next-auth.session-token=${forged}` }))).toBeNull();
    expect(await sessionUserId(request({ cookie: `next-auth.session-token=${expired}` }))).toBeNull();
    expect(await sessionUserId(request({}))).toBeNull();
  });
});
