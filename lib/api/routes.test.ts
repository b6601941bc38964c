// The route table, the route files and the OpenAPI document describe the same routes.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../openapi/document";
import { ROUTES } from "./routes";

const ROOT = path.resolve(import.meta.dirname, "../..");
const routeFile = (p: string) => path.join(ROOT, "app", p.replace(/\{(\w+)\}/g, "[$1]"), "route.ts");

describe("route table", () => {
  it.each(Object.entries(ROUTES))("%s has its route file, which takes its scopes from the table", (name, spec) => {
    const file = routeFile(spec.path);
    expect(existsSync(file), file).toBe(true);
    const source = readFileSync(file, "utf8");
    const method = spec.method.toUpperCase();
    if (spec.scopes) expect(source).toMatch(new RegExp(`export const ${method} = apiRoute(<[^>]+>)?\\(ROUTES\\.${name},`));
    else expect(source).toMatch(new RegExp(`export const ${method} = publicRoute\\(`));
  });

  it("the OpenAPI document has exactly the table's operations, with the table's scopes", () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, { operationId: string; "x-required-scopes"?: string[]; security?: unknown[] }>> };
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method, path: p, operationId: op.operationId, scopes: op["x-required-scopes"] ?? null, public: op.security?.length === 0 })),
    );
    const table = Object.values(ROUTES).map((r) => ({ method: r.method, path: r.path, operationId: r.operationId, scopes: r.scopes ? [...r.scopes] : null, public: r.scopes === null }));
    const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
    expect(documented.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(table.sort((a, b) => key(a).localeCompare(key(b))));
  });
});
