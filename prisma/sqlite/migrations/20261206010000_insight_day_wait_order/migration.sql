-- Insights at 1,000,000 rows (docs/decisions.md, "Insights at 1,000,000 rows: one pass per figure
-- group"): the histogram in (team, day, wait) order, so the per-day percentiles and counts walk it
-- without a sort. It holds n (and the key), so the figures read the index alone.
-- CreateIndex
CREATE INDEX "InsightDay_teamId_day_waitSeconds_n_idx" ON "InsightDay"("teamId", "day", "waitSeconds", "n");
