import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError, MAX_LISTED_ERRORS, validationError } from "../errors";
import { illFormedStrings, jsonDepth, readJson } from "./body";
import { problem } from "./problem";

const post = (text: string) => new Request("http://x/", { method: "POST", headers: { "content-type": "application/json" }, body: text });

describe("illFormedStrings", () => {
  it("finds lone surrogates in values and keys, by path", () => {
    const value = JSON.parse('{"a":"ok \\ud83d\\ude00","b":["x","\\ud800"],"c":{"d":"\\udfff x"},"\\ud800k":1}');
    expect(illFormedStrings(value)).toEqual([
      { path: "b[1]", message: expect.stringContaining("lone surrogate") },
      { path: "c.d", message: expect.stringContaining("lone surrogate") },
      { path: "\ufffdk", message: expect.stringContaining("key") },
    ]);
  });
});

describe("readJson", () => {
  it("a lone surrogate in any string field is a 422 naming the field", async () => {
    const schema = z.object({ questions: z.array(z.object({ prompt: z.string() })) });
    const err = await readJson(post('{"questions":[{"prompt":"fine"},{"prompt":"bad \\ud800"}]}'), schema).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 422, errors: [{ path: "questions[1].prompt" }] });
  });
});

describe("jsonDepth", () => {
  it("counts arrays and objects, skipping brackets inside strings and escaped quotes", () => {
    expect(jsonDepth("1")).toBe(0);
    expect(jsonDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(jsonDepth('{"a":"[[[{{{\\"[[[","b":[]}')).toBe(2);
    expect(jsonDepth(`${"[".repeat(100_000)}${"]".repeat(100_000)}`, 64)).toBe(65); // stops early
  });

  it("a body nested deeper than the limit is a 422 before parsing", async () => {
    const err = await readJson(post(`{"a":${"[".repeat(3000)}${"]".repeat(3000)}}`), z.unknown()).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 422, errors: [{ path: "(body)", message: "nested deeper than 64 levels" }] });
  });
});

describe("validation problems stay small", () => {
  it("lists at most MAX_LISTED_ERRORS, gives the total, and a short detail", async () => {
    const errors = Array.from({ length: 5000 }, (_, i) => ({ path: `items[${i}].x`.padEnd(1000, "y"), message: "required" }));
    const res = problem(validationError(errors));
    const body = (await res.json()) as { errors: unknown[]; errorCount: number; detail: string };
    expect(res.status).toBe(422);
    expect(body.errors).toHaveLength(MAX_LISTED_ERRORS);
    expect(body.errorCount).toBe(5000);
    expect(body.detail).toMatch(/\(and 4997 more\)$/);
    expect(JSON.stringify(body).length).toBeLessThan(8_000);
  });
});
