// Prisma CLI configuration: JS engine and driver adapters only, so no native engine is ever downloaded.
import path from "node:path";
import { defineConfig } from "prisma/config";
import { databaseConfig } from "./lib/db/config";

const db = databaseConfig();
// The schema reads env("DATABASE_URL"); without it the CLI falls back to downloading a native engine.
process.env.DATABASE_URL ??= db.url;
const dir = db.provider === "sqlite" ? "sqlite" : "postgres";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", dir, "schema.prisma"),
  migrations: { path: path.join("prisma", dir, "migrations") },
  async adapter() {
    if (db.provider === "sqlite") {
      const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
      return new PrismaBetterSQLite3({ url: db.url });
    }
    const { PrismaPg } = await import("@prisma/adapter-pg");
    return new PrismaPg({ connectionString: db.url });
  },
});
