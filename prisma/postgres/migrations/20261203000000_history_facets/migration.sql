-- The history page's agent and reviewer pickers walk these indexes one distinct value at a time
-- (lib/questions/history-facets.ts) instead of grouping every resolved row.
-- CreateIndex
CREATE INDEX "QuestionRequest_teamId_agentName_status_idx" ON "QuestionRequest"("teamId", "agentName", "status");

-- CreateIndex
CREATE INDEX "QuestionRequest_teamId_resolvedBy_agentName_idx" ON "QuestionRequest"("teamId", "resolvedBy", "agentName");
