import { publicRoute } from "@openoxide/questions-core/api/core";
import { json } from "@openoxide/questions-core/api/problem";
import { openApiDocument } from "@openoxide/questions-core/openapi/document";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/openapi.json — the OpenAPI 3.1 document, public and cacheable (a generator failure
// is a bug in the schemas: the route core logs its name and answers problem+json)
export const GET = publicRoute(async () => json(openApiDocument(), 200, { "cache-control": "public, max-age=300" }));
