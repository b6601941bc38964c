import { AppError } from "../errors";

/** `If-Match: "v<version>"` → the version, or undefined when absent. */
export function parseIfMatch(header: string | null): number | undefined {
  if (header === null) return undefined;
  const m = /^(?:W\/)?"v(\d+)"$/.exec(header.trim());
  if (!m) throw new AppError("validation", 'If-Match must look like "v<version>".', [{ path: "If-Match", message: 'expected "v<version>"' }]);
  return Number(m[1]);
}
