-- Insights: spans and closed days (docs/decisions.md). On PostgreSQL a closed day's counter is
-- bumped once per transaction (the column holds which one), SQLite keeps it null.
-- AlterTable
ALTER TABLE "InsightDayVersion" ADD COLUMN "tx" BIGINT;
