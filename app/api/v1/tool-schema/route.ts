import { publicRoute } from "@openoxide/questions-core/api/core";
import { json } from "@openoxide/questions-core/api/problem";
import { AppError } from "@openoxide/questions-core/errors";
import { ROUTES } from "@openoxide/questions-core/api/routes";
import { TOOL_FORMATS, toolSchema } from "@openoxide/questions-core/openapi/tool-schema";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/v1/tool-schema — the model-facing ask_human tool (?format=openai|anthropic|mcp), public
export const GET = publicRoute(async ({ url }) => {
  // An empty `?format=` means the default, like an absent one.
  const format = url.searchParams.get("format") || undefined;
  const parsed = ROUTES.getToolSchema.query.safeParse({ format });
  if (!parsed.success) {
    const message = `must be one of ${TOOL_FORMATS.join(", ")}`;
    throw new AppError("invalid_query", `format ${message}.`, [{ path: "format", message }]);
  }
  return json(toolSchema(parsed.data.format), 200, { "cache-control": "public, max-age=300" });
});
