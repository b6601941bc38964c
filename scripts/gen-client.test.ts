// The client package's generated types and limits must match the app's OpenAPI document and LIMITS:
// this fails (in CI too) when an API shape changed and `npm run gen:client` was not run.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GENERATED_DIR, clientSources } from "./gen-client";

describe("packages/client/src/generated", () => {
  it("is what `npm run gen:client` generates from the current OpenAPI document", async () => {
    const sources = await clientSources();
    expect(Object.keys(sources).sort()).toEqual(["limits.ts", "openapi.ts"]);
    for (const [name, text] of Object.entries(sources)) {
      expect(readFileSync(path.join(GENERATED_DIR, name), "utf8"), `${name} is stale: run npm run gen:client`).toBe(text);
    }
  });
});
