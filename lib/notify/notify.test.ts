import { describe, expect, it } from "vitest";
import { openApiDocument } from "../openapi/document";
import { toolSchema } from "../openapi/tool-schema";
import { hostAllowed, excerpt } from "./http";
import { wantsEvent } from "./outbox";
import { signature, verifySignature } from "./sign";
import { maskUrl } from "./webhooks";
import { backoffMs } from "./send";

describe("signature", () => {
  it("gives the README's known vector (computed once with openssl from the documented scheme)", () => {
    const body = '{"id":"dl_vector","type":"request.created"}';
    const header = "t=1767225600,v1=3d475578c57a5e3a1e04ff3bdc78893bf5255d2bf835b55c0079727b4bee983e";
    expect(signature("whsec_known_vector_secret", body, new Date(1767225600_000))).toBe(header);
    expect(verifySignature("whsec_known_vector_secret", body, header, Infinity)).toBe(true);
    expect(verifySignature("whsec_known_vector_secret", body.replace("created", "resolved"), header, Infinity)).toBe(false);
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
