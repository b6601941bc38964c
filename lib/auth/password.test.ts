import { describe, expect, it } from "vitest";
import { hashPassword, normaliseEmail, verifyPassword } from "./password";

// scrypt at N=32768 takes seconds per hash when the machine is busy (CI runs files side by side).
describe("password hashing", { timeout: 30_000 }, () => {
  it("round-trips and uses the documented format", async () => {
    const stored = await hashPassword("correct horse battery staple");
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery staple", stored)).toBe(true);
  });

  it("rejects a wrong password", async () => {
    const stored = await hashPassword("s3cret-pass");
    expect(await verifyPassword("s3cret-pasS", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("treats malformed or missing hashes as a mismatch", async () => {
    expect(await verifyPassword("x", null)).toBe(false);
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$2b$10$abc")).toBe(false);
    expect(await verifyPassword("x", "scrypt$1000$8$1$c2FsdA==$aGFzaA==")).toBe(false);
  });

  it("normalises emails", () => {
    expect(normaliseEmail("  Ada@Example.COM ")).toBe("ada@example.com");
  });
});
