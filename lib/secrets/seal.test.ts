import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { open, seal, sealedKeyId } from "./seal";

const binding = { teamId: "team_a", requestId: "qr_1", questionId: "key" };
const saved = { keys: process.env.QUESTIONS_KEYS, active: process.env.QUESTIONS_ACTIVE_KEY };

beforeAll(() => {
  process.env.QUESTIONS_KEYS = `old:${randomBytes(32).toString("base64")},new:${randomBytes(32).toString("base64")}`;
  process.env.QUESTIONS_ACTIVE_KEY = "new";
  (globalThis as { __questionsKeys?: unknown }).__questionsKeys = undefined;
});
afterAll(() => {
  process.env.QUESTIONS_KEYS = saved.keys;
  process.env.QUESTIONS_ACTIVE_KEY = saved.active;
  (globalThis as { __questionsKeys?: unknown }).__questionsKeys = undefined;
});

const parts = (s: string) => s.split(".");
const b64 = (b: Buffer) => b.toString("base64url");

describe("seal / open", () => {
  it("round-trips with the active key, names it, and never contains the plaintext", () => {
    const sealed = seal("hunter2 ünïcode", binding);
    expect(sealedKeyId(sealed)).toBe("new");
    expect(sealed).not.toContain("hunter2");
    expect(open(sealed, binding)).toBe("hunter2 ünïcode");
    expect(seal("same", binding)).not.toBe(seal("same", binding)); // fresh IV each time
  });

  it("fails for another team, request or question (the binding is authenticated)", () => {
    const sealed = seal("v", binding);
    for (const other of [{ ...binding, teamId: "team_b" }, { ...binding, requestId: "qr_2" }, { ...binding, questionId: "pin" }]) {
      expect(() => open(sealed, other)).toThrow();
    }
  });

  it("fails on a flipped ciphertext bit, an unknown key or a malformed value", () => {
    const [v, k, iv, ct, tag] = parts(seal("value", binding));
    const flipped = Buffer.from(ct!, "base64url");
    flipped[0]! ^= 1;
    expect(() => open([v, k, iv, b64(flipped), tag].join("."), binding)).toThrow();
    expect(() => open([v, "gone", iv, ct, tag].join("."), binding)).toThrow(/unknown/);
    expect(() => open("v1.new.x", binding)).toThrow();
  });

  it("requires the full 16-byte tag: a truncated tag does not open", () => {
    const [v, k, iv, ct, tag] = parts(seal("value", binding));
    const full = Buffer.from(tag!, "base64url");
    expect(full).toHaveLength(16);
    for (const n of [4, 8, 12, 15]) {
      expect(() => open([v, k, iv, ct, b64(full.subarray(0, n))].join("."), binding)).toThrow();
    }
  });
});
