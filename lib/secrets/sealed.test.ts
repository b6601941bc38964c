import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SEALED_COLUMNS } from "./sealed";

describe("the registry of sealed columns", () => {
  it("lists every model column that holds a sealed value (named *sealed*), so start-up and rotation see it", () => {
    const models = readFileSync(path.resolve(import.meta.dirname, "../../prisma/models.prisma"), "utf8");
    const found: string[] = [];
    let model = "";
    for (const line of models.split("\n")) {
      const m = /^model (\w+) \{/.exec(line);
      if (m) model = m[1]!;
      const col = /^\s+(\w*[sS]ealed\w*)\s/.exec(line);
      if (col) found.push(`${model}.${col[1]}`);
    }
    expect(found.length).toBeGreaterThan(0);
    expect(SEALED_COLUMNS.map((c) => c.name).sort()).toEqual(found.sort());
  });
});
