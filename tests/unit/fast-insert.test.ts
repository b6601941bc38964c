// The fast insert on SQLite (the PostgreSQL run is tests/multi/fast-insert.test.ts): see fast-insert.suite.ts.
import { ownSqliteFile } from "../helpers/sqlite-file";

const file = ownSqliteFile("oq-fast-");
const { fastInsertSuite } = await import("./fast-insert.suite");

// The suite migrates the database itself (on either provider).
fastInsertSuite(async () => async () => file.restore());
