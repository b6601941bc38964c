import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../openapi/document";
import { toolSchema } from "../openapi/tool-schema";
import { hostAllowed, excerpt } from "./http";
import { wantsEvent } from "./outbox";
import { signature, verifySignature } from "./sign";
import { maskUrl } from "./webhooks";
import { backoffMs } from "./send";

describe("signature", () => {
  it("is t=<seconds>,v1=<hex HMAC-SHA256 of t.body>", () => {
    const at = new Date("2026-12-02T12:00:00Z");
    const body = '{"id":"dl_1"}';
    const t = at.getTime() / 1000;
    expect(signature("whsec_x", body, at)).toBe(`t=${t},v1=${createHmac("sha256", "whsec_x").update(`${t}.${body}`).digest("hex")}`);
  });

  it("verifies only the same secret, body and a recent timestamp", () => {
    const body = '{"a":1}';
    expect(verifySignature("s", body, signature("s", body))).toBe(true);
    expect(verifySignature("other", body, signature("s", body))).toBe(false);
    expect(verifySignature("s", '{"a":2}', signature("s", body))).toBe(false);
    expect(verifySignature("s", body, signature("s", body, new Date(Date.now() - 3600_000)))).toBe(false);
  });
});

describe("outbound rules", () => {
  it.each([
    ["hooks.example.com", ["hooks.example.com"], true],
    ["HOOKS.example.com", ["hooks.example.com"], true],
    ["a.example.com", ["*.example.com"], true],
    ["example.com", ["*.example.com"], false],
    ["evil-example.com", ["*.example.com"], false],
    ["127.0.0.1", ["localhost"], false],
    ["hooks.example.com.evil.test", ["hooks.example.com"], false],
  ])("host %s with allow-list %j → %s", (host, allow, ok) => {
    expect(hostAllowed(host, allow)).toBe(ok);
  });

  it("keeps a short excerpt of a response body", () => {
    expect(excerpt("x".repeat(10_000))).toHaveLength(201);
    expect(excerpt("  \n ")).toBeNull();
  });

  it("masks webhook URLs beyond their first path segment", () => {
    expect(maskUrl("https://hooks.slack.com/services/T0/B0/secret")).toBe("https://hooks.slack.com/services/…");
    expect(maskUrl("https://example.com/hook?token=abc")).toBe("https://example.com/hook/…");
    expect(maskUrl("https://example.com")).toBe("https://example.com");
  });

  it("backs off exponentially with jitter, capped", () => {
    for (let n = 1; n <= 20; n++) {
      const step = Math.min(3_600_000, 10_000 * 2 ** (n - 1));
      const d = backoffMs(n);
      expect(d).toBeGreaterThanOrEqual(step / 2);
      expect(d).toBeLessThanOrEqual(step);
    }
  });
});

describe("event filters", () => {
  it("request.resolved takes every terminal type, not created", () => {
    expect(wantsEvent("request.resolved", "request.answered")).toBe(true);
    expect(wantsEvent("request.resolved", "request.expired")).toBe(true);
    expect(wantsEvent("request.resolved", "request.created")).toBe(false);
    expect(wantsEvent("request.created", "request.created")).toBe(true);
    expect(wantsEvent("request.created", "request.rejected")).toBe(false);
  });
});

describe("callbackUrl in the contract", () => {
  it("is in the OpenAPI create schema but not in the model-facing tool", () => {
    const doc = openApiDocument() as { components: { schemas: Record<string, { properties: Record<string, { format?: string }> }> } };
    expect(doc.components.schemas.CreateRequest!.properties.callbackUrl).toMatchObject({ format: "uri" });
    expect(JSON.stringify(toolSchema("openai"))).not.toContain("callbackUrl");
  });
});
