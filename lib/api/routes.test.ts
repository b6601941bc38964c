// The route table and the OpenAPI document describe the same routes, with the same schemas. That
// each route is served with its entry's scopes and body schema is asked of the running server
// (tests/api/route-scopes.test.ts).
import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { openApiDocument } from "../openapi/document";
import { ROUTES, UI_REALTIME, type RouteSpec } from "./routes";

const entries = (Object.entries(ROUTES) as [string, RouteSpec][]).filter(([, spec]) => !spec.undocumented);

type Json = Record<string, unknown>;
type Op = { parameters?: { in: string; name: string }[]; requestBody?: { content: Json }; responses: Record<string, { content?: Json }> };
type Doc = { paths: Record<string, Record<string, Op & { operationId: string; "x-required-scopes"?: string[]; security?: unknown[] }>>; components: { schemas: Json } };

/** What the generator makes of an entry's schemas alone, to compare with the served document. */
function generated(spec: RouteSpec): Doc {
  const registry = new OpenAPIRegistry();
  const content = (schema: ZodType) => ({ "application/json": { schema } });
  registry.registerPath({
    method: spec.method,
    path: spec.path,
    request: { params: spec.params, query: spec.query, ...(spec.body ? { body: { content: content(spec.body) } } : {}) },
    responses: { 200: spec.response ? { description: "", content: content(spec.response) } : { description: "" } },
  });
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({ openapi: "3.1.0", info: { title: "", version: "" } }) as unknown as Doc;
}

describe("route table", () => {
  it("the OpenAPI document has exactly the table's operations, with the table's scopes", () => {
    const doc = openApiDocument() as Doc;
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method, path: p, operationId: op.operationId, scopes: op["x-required-scopes"] ?? null, public: op.security?.length === 0 })),
    );
    const table = entries.map(([, r]) => r).map((r) => ({ method: r.method, path: r.path, operationId: r.operationId, scopes: r.scopes ? [...r.scopes] : null, public: r.scopes === null }));
    const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
    expect(documented.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(table.sort((a, b) => key(a).localeCompare(key(b))));
  });

  it.each(entries)("%s: the OpenAPI document shows the entry's parameter, body and response schemas", (name, spec) => {
    const served = openApiDocument() as Doc;
    const op = served.paths[spec.path][spec.method];
    const own = generated(spec);
    const mine = own.paths[spec.path][spec.method];
    const json = (c: Json | undefined) => (c?.["application/json"] as { schema?: unknown } | undefined)?.schema;
    // Headers are documented beside the table (Idempotency-Key, If-Match, Last-Event-ID).
    expect((op.parameters ?? []).filter((p) => p.in !== "header")).toEqual(mine.parameters ?? []);
    expect(json(op.requestBody?.content)).toEqual(json(mine.requestBody?.content));
    if (name === "streamEvents") {
      // The stream's `data:` schema is a component named in prose (3.1 has no itemSchema).
      expect(served.components.schemas.Event).toEqual(own.components.schemas.Event);
    } else if (spec.response) {
      const success = op.responses["200"] ?? op.responses["201"];
      expect(json(success.content)).toEqual(json(mine.responses["200"].content));
    }
    // Named components the entry's schemas define appear in the document unchanged.
    for (const [id, schema] of Object.entries(own.components?.schemas ?? {})) expect(served.components.schemas[id], id).toEqual(schema);
  });
});

describe("one path per route", () => {
  const file = (spec: RouteSpec) => path.join(process.cwd(), "app", spec.path.replace(/^\//, "").replace(/\{(\w+)\}/g, "[$1]"), "route.ts");

  it.each(Object.entries(ROUTES) as [string, RouteSpec][])("%s: served by exactly one of a Next route file and the realtime layer", (_name, spec) => {
    // A realtime path has no route file at all: Next would serve it under `next dev`/`next start`
    // and the realtime layer under the server, two paths for one route.
    expect(existsSync(file(spec))).toBe(!spec.realtime);
  });

  it.each(Object.entries(UI_REALTIME))("%s (browser): served by the realtime layer only, no route file", (_name, spec) => {
    expect(existsSync(file(spec as RouteSpec))).toBe(false);
  });
});
