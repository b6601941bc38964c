// Next.js loads lib/errors.ts once per bundle; an AppError from one copy must pass another copy's
// instanceof (else the route core answers a 429 or 404 thrown by shared state as a 500).
import { describe, expect, it, vi } from "vitest";
import { AppError } from "./errors";

describe("AppError across module copies", () => {
  it("is recognised by another copy of the module, and a plain Error is not", async () => {
    vi.resetModules();
    const other = await import("./errors");
    expect(other.AppError).not.toBe(AppError);
    expect(new other.AppError("not_found") instanceof AppError).toBe(true);
    expect(new AppError("rate_limited") instanceof other.AppError).toBe(true);
    expect(new Error("x") instanceof AppError).toBe(false);
    const nothing: unknown = null;
    expect(nothing instanceof AppError).toBe(false);
  });
});
