import { describe, expect, it } from "vitest";
import { AppError } from "./errors";

describe("AppError", () => {
  it("carries its code's status, the detail as message, and only AppErrors are AppErrors", () => {
    const e = new AppError("rate_limited", "Too many", undefined, { "retry-after": "3" });
    expect(e).toBeInstanceOf(Error);
    expect(e.status).toBe(429);
    expect(e.message).toBe("Too many");
    expect(new AppError("not_found").message).toBe("Not found");
    expect(new Error("x") instanceof AppError).toBe(false);
  });
});
