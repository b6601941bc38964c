-- Insights (issue 24): columns written at create and at the terminal transition, read in SQL.
ALTER TABLE "QuestionRequest" ADD COLUMN     "answerDigest" TEXT,
ADD COLUMN     "fingerprint" TEXT,
ADD COLUMN     "kind" TEXT,
ADD COLUMN     "waitSeconds" INTEGER;

-- Existing rows: the wait and the kind can be computed here, the fingerprint and the answer digest
-- (SHA-256 of normalised JSON, lib/questions/fingerprint.ts) cannot, and stay null (docs/decisions.md).
UPDATE "QuestionRequest" SET
  "waitSeconds" = CASE WHEN "resolvedAt" IS NULL THEN NULL ELSE floor(extract(epoch FROM ("resolvedAt" - "createdAt")))::int END,
  "kind" = (
    SELECT CASE WHEN COUNT(DISTINCT e->>'kind') = 1 THEN MAX(e->>'kind') ELSE 'mixed' END
    FROM json_array_elements("questions"::json) e
  );

-- CreateIndex
CREATE INDEX "QuestionRequest_teamId_resolvedAt_status_agentName_kind_res_idx" ON "QuestionRequest"("teamId", "resolvedAt", "status", "agentName", "kind", "resolvedBy", "waitSeconds");

-- CreateIndex
CREATE INDEX "QuestionRequest_teamId_fingerprint_answerDigest_resolvedAt_idx" ON "QuestionRequest"("teamId", "fingerprint", "answerDigest", "resolvedAt");
