import { describe, expect, it } from "vitest";
import { openApiDocument } from "./document";

type Operation = { security?: Record<string, string[]>[]; parameters?: { name: string; in: string }[]; responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> };
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { required?: string[]; properties?: Record<string, { type?: string; $ref?: string; items?: { $ref?: string }; enum?: string[] }> }>; securitySchemes: Record<string, { scheme?: string }> };
};

const doc = openApiDocument() as Doc;

const ROUTES: [string, string][] = [
  ["post", "/api/v1/requests"],
  ["get", "/api/v1/requests"],
  ["get", "/api/v1/requests/{id}"],
  ["post", "/api/v1/requests/{id}/cancel"],
  ["post", "/api/v1/sessions/{sessionId}/cancel"],
  ["post", "/api/v1/requests/{id}/reply"],
  ["post", "/api/v1/requests/{id}/reject"],
  ["post", "/api/v1/requests/{id}/secrets/claim"],
  ["post", "/api/v1/hooks/claude-code"], // SPEC §10
  ["get", "/api/v1/events"],
  ["get", "/api/v1/insights"],
  ["get", "/api/v1/openapi.json"],
  ["get", "/api/v1/tool-schema"],
  ["get", "/api/health"],
];
const PUBLIC = new Set(["/api/v1/openapi.json", "/api/v1/tool-schema", "/api/health"]);

const op = (method: string, path: string): Operation => {
  const o = doc.paths[path]?.[method];
  if (!o) throw new Error(`missing ${method.toUpperCase()} ${path}`);
  return o;
};

describe("OpenAPI document", () => {
  it("is OpenAPI 3.1 and memoised", () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(openApiDocument()).toBe(doc);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it("has every route of SPEC §3 and nothing else", () => {
    for (const [method, path] of ROUTES) expect(op(method, path).responses).toBeDefined();
    const listed = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m} ${path}`));
    expect(listed.sort()).toEqual(ROUTES.map(([m, p]) => `${m} ${p}`).sort());
  });

  it("uses bearer auth with a scope per protected operation, none on public ones", () => {
    expect(doc.components.securitySchemes.bearerAuth?.scheme).toBe("bearer");
    for (const [method, path] of ROUTES) {
      const security = op(method, path).security;
      if (PUBLIC.has(path)) expect(security).toEqual([]);
      else expect(security?.flatMap((s) => s.bearerAuth ?? []).length).toBeGreaterThan(0);
    }
    expect(op("post", "/api/v1/requests/{id}/reply").security).toEqual([{ bearerAuth: ["answer"] }]);
  });

  it("describes CreateRequest with its questions array and question kinds", () => {
    const create = doc.components.schemas.CreateRequest;
    expect(create?.properties?.questions?.type).toBe("array");
    const ref = create?.properties?.questions?.items?.$ref;
    expect(ref).toBe("#/components/schemas/QuestionInput");
    expect(doc.components.schemas.QuestionInput?.properties?.kind?.enum).toEqual(["single_select", "multi_select", "freeform", "approval"]);
    expect(doc.components.schemas.QuestionInput?.properties?.action?.$ref).toBe("#/components/schemas/Action");
    expect(doc.components.schemas.Action?.required).toEqual(["tool", "input"]);
    expect(doc.components.schemas.AnswerInput?.properties?.decision?.enum).toEqual(["approve", "approve_always", "deny"]);
    expect(op("post", "/api/v1/requests").parameters?.map((p) => p.name)).toContain("Idempotency-Key");
  });

  it("lists the SPEC statuses as problem+json responses", () => {
    const statuses = (method: string, path: string) => Object.keys(op(method, path).responses).sort();
    expect(statuses("post", "/api/v1/requests")).toEqual(["200", "201", "400", "401", "403", "409", "413", "415", "422", "429"]);
    expect(statuses("post", "/api/v1/requests/{id}/reply")).toEqual(["200", "400", "401", "403", "404", "409", "412", "413", "415", "422", "429"]);
    expect(statuses("post", "/api/v1/requests/{id}/secrets/claim")).toContain("410");
    const problem = op("post", "/api/v1/requests").responses["422"]?.content?.["application/problem+json"]?.schema?.$ref;
    expect(problem).toBe("#/components/schemas/Problem");
    expect(op("post", "/api/v1/requests/{id}/reply").parameters?.map((p) => p.name)).toContain("If-Match");
    expect(op("get", "/api/v1/events").responses["200"]?.content).toHaveProperty(["text/event-stream"]);
    expect(op("get", "/api/v1/events").parameters?.map((p) => p.name)).toContain("Last-Event-ID");
  });

  it("bounds ?wait to 0–60 seconds", () => {
    const wait = op("get", "/api/v1/requests/{id}").parameters?.find((p) => p.name === "wait") as unknown as { schema: Record<string, unknown> };
    expect(wait.schema).toMatchObject({ type: "integer", minimum: 0, maximum: 60 });
  });
});
