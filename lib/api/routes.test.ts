// The route table, the route files and the OpenAPI document describe the same routes, with the
// same schemas: the handlers parse only through their entry, and the document shows the entry's.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { openApiDocument } from "../openapi/document";
import { ROUTES, type RouteSpec } from "./routes";

const ROOT = path.resolve(import.meta.dirname, "../..");
const routeFile = (p: string) => path.join(ROOT, "app", p.replace(/\{(\w+)\}/g, "[$1]"), "route.ts");
/**
 * The file that defines an entry's handler and the handler's name there: the route file itself, or
 * the endpoint module it re-exports (`export { getRequest as GET } from "@/lib/api/endpoints/…"`,
 * for the routes the front serves too).
 */
function definition(spec: RouteSpec): { src: string; name: string } {
  const method = spec.method.toUpperCase();
  const src = readFileSync(routeFile(spec.path), "utf8");
  const reexport = new RegExp(`export \\{ (\\w+) as ${method} \\} from "@/(lib/api/endpoints/[\\w-]+)";`).exec(src);
  if (!reexport) return { src, name: method };
  return { src: readFileSync(path.join(ROOT, `${reexport[2]}.ts`), "utf8"), name: reexport[1] };
}
const source = (spec: RouteSpec) => definition(spec).src;
/** The imports of a route file plus the one handler of this entry's method. */
function handlerSource(spec: RouteSpec): string {
  const { src, name } = definition(spec);
  const imports = src.split("\n").filter((l) => l.startsWith("import ")).join("\n");
  const start = src.indexOf(`export const ${name} =`);
  const end = src.indexOf("export const ", start + 1);
  return `${imports}\n${src.slice(start, end === -1 ? undefined : end)}`;
}
const entries = Object.entries(ROUTES) as [string, RouteSpec][];

// Queries that are documented but read by a shared helper: the events cursor can also come as the
// Last-Event-ID header, so lastEventId() (lib/events/http.ts) parses both.
const QUERY_READ_ELSEWHERE = new Set(["streamEvents"]);

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
  it.each(entries)("%s has its route file, which takes its scopes from the table", (name, spec) => {
    const file = routeFile(spec.path);
    expect(existsSync(file), file).toBe(true);
    const fn = definition(spec).name;
    if (spec.scopes) expect(source(spec)).toMatch(new RegExp(`export const ${fn} = apiRoute\\(ROUTES\\.${name},`));
    else expect(source(spec)).toMatch(new RegExp(`export const ${fn} = publicRoute\\(`));
  });

  it.each(entries)("%s: its handler parses body and query only with the entry's schemas", (name, spec) => {
    const src = handlerSource(spec);
    // No parser of its own: no zod, no readJson/parseQuery, no schema imported from elsewhere.
    expect(src).not.toMatch(/from "zod"/);
    expect(src).not.toMatch(/\b(readJson|parseQuery)\b/);
    expect(src).not.toMatch(/import \{[^}]*\b[A-Z]\w*(Schema|Query|Body)\b[^}]*\}/);
    // Any .parse/.safeParse is of the entry's own schema.
    for (const m of src.matchAll(/([\w.]+)\.(safeParse|parse|parseAsync|safeParseAsync)\(/g)) {
      expect(m[1], `${name} parses ${m[1]}`).toMatch(new RegExp(`^ROUTES\\.${name}\\.(body|query)$`));
    }
    if (spec.body) expect(src, `${name} reads its body through ctx.body()`).toMatch(/\bawait body\(\)/);
    else expect(src).not.toMatch(/\bbody\(\)/);
    if (spec.query && !QUERY_READ_ELSEWHERE.has(name)) expect(src, `${name} reads its query through the entry`).toMatch(new RegExp(`\\bquery\\(\\)|ROUTES\\.${name}\\.query\\.`));
    if (!spec.query) expect(src).not.toMatch(/\bquery\(\)/);
  });

  it("the OpenAPI document has exactly the table's operations, with the table's scopes", () => {
    const doc = openApiDocument() as Doc;
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ method, path: p, operationId: op.operationId, scopes: op["x-required-scopes"] ?? null, public: op.security?.length === 0 })),
    );
    const table = Object.values(ROUTES).map((r) => ({ method: r.method, path: r.path, operationId: r.operationId, scopes: r.scopes ? [...r.scopes] : null, public: r.scopes === null }));
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
