// The fast insert on PostgreSQL, on a throw-away database next to TEST_PG_URL (`npm run test:pg`
// runs it); skipped without TEST_PG_URL. See fast-insert.suite.ts.
import { describe, it } from "vitest";
import { createTestDatabase, dropTestDatabase } from "../../../tests/helpers/pg";

const adminUrl = process.env.TEST_PG_URL;
const saved = process.env.DATABASE_URL;
if (adminUrl) {
  const url = await createTestDatabase(adminUrl);
  process.env.DATABASE_URL = url;
  const { fastInsertSuite } = await import("./fast-insert.suite");
  fastInsertSuite(async () => async () => {
    await dropTestDatabase(adminUrl, url);
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  });
} else {
  describe.skip("fast insert (PostgreSQL): set TEST_PG_URL", () => it("runs under npm run test:pg", () => {}));
}
