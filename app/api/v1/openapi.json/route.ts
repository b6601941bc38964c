import { problem, json } from "@/lib/api/problem";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { openApiDocument } from "@/lib/openapi/document";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/openapi.json — the OpenAPI 3.1 document, public and cacheable
export async function GET(): Promise<Response> {
  try {
    return json(openApiDocument(), 200, { "cache-control": "public, max-age=300" });
  } catch (e) {
    // A generator failure is a bug in the schemas; log its name only, answer as problem+json.
    log.error({ path: "/api/v1/openapi.json", error: (e as { name?: string })?.name }, "openapi generation failed");
    return problem(new AppError("internal", "The API description could not be generated."));
  }
}
