import { describe, expect, it } from "vitest";
import { freshTimestamp, slackSignature, validSlackSignature } from "./signature";

// Slack's documented example ("Verifying requests from Slack"): this secret, timestamp and body
// give exactly this signature.
const SECRET = "8f742231b10e8888abcd99yyyzzz85a5";
const TS = "1531420618";
const BODY =
  "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c";
const EXPECTED = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";

describe("Slack request signatures", () => {
  it("matches Slack's documented vector", () => {
    expect(slackSignature(SECRET, TS, BODY)).toBe(EXPECTED);
    expect(validSlackSignature(SECRET, TS, BODY, EXPECTED)).toBe(true);
  });

  it("refuses another secret, a changed body, a truncated or missing signature", () => {
    expect(validSlackSignature("other", TS, BODY, EXPECTED)).toBe(false);
    expect(validSlackSignature(SECRET, TS, `${BODY}x`, EXPECTED)).toBe(false);
    expect(validSlackSignature(SECRET, TS, BODY, EXPECTED.slice(0, -1))).toBe(false);
    expect(validSlackSignature(SECRET, TS, BODY, null)).toBe(false);
  });

  it("accepts timestamps within five minutes only", () => {
    const now = Number(TS) * 1000;
    expect(freshTimestamp(TS, now + 299_000)).toBe(true);
    expect(freshTimestamp(TS, now + 301_000)).toBe(false);
    expect(freshTimestamp(TS, now - 301_000)).toBe(false);
    expect(freshTimestamp("12.5", now)).toBe(false);
    expect(freshTimestamp(null, now)).toBe(false);
  });
});
