-- Insights (issue 24): columns written at create and at the terminal transition, read in SQL.
ALTER TABLE "QuestionRequest" ADD COLUMN "answerDigest" TEXT;
ALTER TABLE "QuestionRequest" ADD COLUMN "fingerprint" TEXT;
ALTER TABLE "QuestionRequest" ADD COLUMN "kind" TEXT;
ALTER TABLE "QuestionRequest" ADD COLUMN "waitSeconds" INTEGER;

-- Existing rows: the wait and the kind can be computed here, the fingerprint and the answer digest
-- (SHA-256 of normalised JSON, lib/questions/fingerprint.ts) cannot, and stay null (docs/decisions.md).
-- The half millisecond keeps julianday's rounding from turning 30.000 s into 29.
UPDATE "QuestionRequest" SET "waitSeconds" = CAST((julianday("resolvedAt") - julianday("createdAt")) * 86400 + 0.0005 AS INTEGER) WHERE "resolvedAt" IS NOT NULL;
UPDATE "QuestionRequest" SET "kind" = (
  SELECT CASE WHEN COUNT(DISTINCT json_extract(value, '$.kind')) = 1 THEN MAX(json_extract(value, '$.kind')) ELSE 'mixed' END
  FROM json_each("QuestionRequest"."questions")
);

-- CreateIndex
CREATE INDEX "QuestionRequest_teamId_resolvedAt_status_agentName_kind_resolvedBy_waitSeconds_idx" ON "QuestionRequest"("teamId", "resolvedAt", "status", "agentName", "kind", "resolvedBy", "waitSeconds");

-- CreateIndex
CREATE INDEX "QuestionRequest_teamId_fingerprint_answerDigest_resolvedAt_idx" ON "QuestionRequest"("teamId", "fingerprint", "answerDigest", "resolvedAt");
