// The one cursor codec: an opaque base64url of JSON, checked by the zod schema of its shape on
// the way back in. Anything else (tampered, truncated, another ordering's) is a 400 on `cursor`.
import type { z } from "zod";
import { AppError } from "./errors";

export function encodeCursor(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

export function decodeCursor<S extends z.ZodType>(raw: string, schema: S, detail = "The cursor is invalid."): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError("invalid_query", detail, [{ path: "cursor", message: "invalid cursor" }]);
  return parsed.data;
}
