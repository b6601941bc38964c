import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv, VARS } from "./env";
import { withTable } from "./table";

function problems(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  return [];
}

describe("parseEnv", () => {
  it("gives the documented defaults when nothing is set", () => {
    const c = parseEnv({});
    expect(c).toMatchObject({ PORT: 3000, HOST: "0.0.0.0", RATE_LIMIT_PER_MINUTE: 600, TRUST_PROXY: 0, LOG_LEVEL: "info", BENCH_FLOOR: false });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it("reads ABANDON_AFTER as seconds or with a unit, and refuses anything else", () => {
    expect(parseEnv({}).ABANDON_AFTER).toBe(1800);
    expect(parseEnv({ ABANDON_AFTER: "90" }).ABANDON_AFTER).toBe(90);
    expect(parseEnv({ ABANDON_AFTER: "45s" }).ABANDON_AFTER).toBe(45);
    expect(parseEnv({ ABANDON_AFTER: "30m" }).ABANDON_AFTER).toBe(1800);
    expect(parseEnv({ ABANDON_AFTER: "2h" }).ABANDON_AFTER).toBe(7200);
    expect(parseEnv({ ABANDON_AFTER: "0" }).ABANDON_AFTER).toBe(0);
    for (const bad of ["-1", "10 minutes", "1d"]) expect(problems({ ABANDON_AFTER: bad })[0]).toMatch(/^ABANDON_AFTER: expected seconds/);
  });

  it("parses set values and treats blank as unset", () => {
    const c = parseEnv({ PORT: " 8080 ", RATE_LIMIT_PER_MINUTE: "0", TRUST_PROXY: "true", SECRET_RETENTION_HOURS: "0.5", NEXTAUTH_URL: "", BENCH_FLOOR: "1" });
    expect(c).toMatchObject({ PORT: 8080, RATE_LIMIT_PER_MINUTE: 0, TRUST_PROXY: 1, SECRET_RETENTION_HOURS: 0.5, BENCH_FLOOR: true });
    expect(c.NEXTAUTH_URL).toBeUndefined();
  });

  it.each([
    ["RATE_LIMIT_PER_MINUTE", "abc"],
    ["RATE_LIMIT_PER_MINUTE", "-1"],
    ["RATE_LIMIT_PER_MINUTE", "1.5"],
    ["PORT", "70000"],
    ["DATABASE_POOL_SIZE", "0"],
    ["SECRET_RETENTION_HOURS", "-1"],
    ["SSE_HEARTBEAT_MS", "15s"],
    ["LOG_LEVEL", "verbose"],
    ["TRUST_PROXY", "yes please"],
    ["NEXTAUTH_URL", "example.com"],
    ["OIDC_ISSUER", "ftp://idp.example"],
    ["DATABASE_URL", "mysql://u:hunter2@db/x"],
    ["BENCH_FLOOR", "maybe"],
    ["CALLBACK_HOSTS", "http://x/,,"],
    ["CALLBACK_HOSTS", "hooks.example.com,"],
    ["CALLBACK_HOSTS", "hooks.example.com:8443"],
    ["CALLBACK_HOSTS", "hooks.example.com/path"],
  ])("%s=%s is refused, naming the variable", (name, value) => {
    const found = problems({ [name]: value });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${name}: `));
  });

  it("CALLBACK_HOSTS takes host names, wildcards and IP addresses, lower-cased", () => {
    expect(parseEnv({ CALLBACK_HOSTS: " Hooks.Example.com, *.example.org ,127.0.0.1,::1" }).CALLBACK_HOSTS).toEqual(["hooks.example.com", "*.example.org", "127.0.0.1", "::1"]);
    expect(parseEnv({}).CALLBACK_HOSTS).toEqual([]);
  });

  it("names every bad variable at once and never echoes a value", () => {
    const error = (() => {
      try {
        parseEnv({ RATE_LIMIT_PER_MINUTE: "abc", DATABASE_URL: "mysql://u:hunter2@db/x" });
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(error?.problems.map((p) => p.split(":")[0])).toEqual(["DATABASE_URL", "RATE_LIMIT_PER_MINUTE"]);
    expect(error?.message).not.toMatch(/hunter2|abc/);
  });
});

describe("README configuration table", () => {
  it("is the one rendered from the schema (run `npx tsx scripts/config-table.ts --write`)", () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");
    expect(readme).toBe(withTable(readme));
    for (const name of Object.keys(VARS)) expect(readme).toContain(`| \`${name}\` |`);
  });
});
