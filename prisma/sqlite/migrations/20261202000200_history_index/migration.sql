-- History lists resolved requests newest decision first (lib/questions/history.ts): keyset on (resolvedAt, id) per team.
-- CreateIndex
CREATE INDEX "QuestionRequest_teamId_resolvedAt_id_idx" ON "QuestionRequest"("teamId", "resolvedAt", "id");
