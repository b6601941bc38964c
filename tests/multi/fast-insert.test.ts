// The fast insert on PostgreSQL, on a throw-away database next to TEST_PG_URL (this project runs
// only under `npm run test:pg`). See tests/unit/fast-insert.suite.ts.
import { createTestDatabase, dropTestDatabase } from "../helpers/pg";

const adminUrl = process.env.TEST_PG_URL!;
const saved = process.env.DATABASE_URL;
const url = await createTestDatabase(adminUrl);
process.env.DATABASE_URL = url;
const { fastInsertSuite } = await import("../unit/fast-insert.suite");
fastInsertSuite(async () => async () => {
  await dropTestDatabase(adminUrl, url);
  if (saved === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = saved;
});
