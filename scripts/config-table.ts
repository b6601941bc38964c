// Prints the README configuration table from lib/config/env.ts; `--write` updates README.md.
import { readFileSync, writeFileSync } from "node:fs";
import { configTable, withTable } from "../lib/config/table";

if (process.argv.includes("--write")) {
  writeFileSync("README.md", withTable(readFileSync("README.md", "utf8")));
} else {
  process.stdout.write(`${configTable()}\n`);
}
