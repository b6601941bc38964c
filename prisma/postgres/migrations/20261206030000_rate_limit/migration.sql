-- The request and sign-in budgets every instance shares (rate-limiter-flexible's RateLimiterPostgres,
-- lib/api/limiter-store.ts, which is told the table exists). PostgreSQL only: SQLite runs one
-- process and keeps its budgets in memory. Not a Prisma model: only the limiter reads it.
-- UNLOGGED: a commit that touched only this table waits for no WAL flush (one upsert per budgeted
-- request), and a crash or a failover empties it, which only resets the budgets.
-- (No semicolon in these comments: the migration runner splits the script on them.)
CREATE UNLOGGED TABLE "RateLimit" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT
);
