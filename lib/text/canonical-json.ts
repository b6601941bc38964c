// JSON with object keys sorted at every depth, so key order alone never makes two values differ
// (idempotency body hashes, "is this edit an edit", a rule's exact arguments). "" for undefined.
export function canonicalJson(value: unknown): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === "object"
        ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort((v as Record<string, unknown>)[k])]))
        : v;
  return JSON.stringify(sort(value)) ?? "";
}
