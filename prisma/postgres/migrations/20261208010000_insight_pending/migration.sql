-- The decision's fast path (lib/db/fast-insert/change.ts) leaves a request's insight counters to a
-- second, later transaction (lib/insights/pending.ts): its update sets "insightPending", and a row
-- so marked counts in InsightDay only once that transaction clears it. The decision's transaction
-- then skips the histogram's upserts and their spans' (docs/decisions.md, "Insight counters after
-- the decision"). Every other writer leaves the column false, so its rows count as before, in the
-- writing transaction. A crash between the two leaves marked rows, which the next start counts.
-- AlterTable
ALTER TABLE "QuestionRequest" ADD COLUMN "insightPending" BOOLEAN NOT NULL DEFAULT false;

-- The rows still to count, found without a scan (only marked rows are in the index).
CREATE INDEX "QuestionRequest_insightPending_idx" ON "QuestionRequest"("id") WHERE "insightPending";

-- The function body is an escape string whose semicolons are written \073 (as in 20261205020000_insight_day):
-- a row counts while decided and not marked.
CREATE OR REPLACE FUNCTION "insight_day_apply"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP <> ''INSERT'' THEN
    UPDATE "InsightDay" SET "n" = "n" - 1 WHERE OLD."resolvedAt" IS NOT NULL AND OLD."status" <> ''pending'' AND NOT OLD."insightPending" AND "teamId" = OLD."teamId" AND "day" = to_char(OLD."resolvedAt", ''YYYY-MM-DD'') AND "agentName" = OLD."agentName" AND "kind" = COALESCE(OLD."kind", '''') AND "resolvedBy" = CASE WHEN OLD."resolvedBy" LIKE ''rule:%'' THEN ''rule:'' ELSE COALESCE(OLD."resolvedBy", '''') END AND "status" = OLD."status" AND "waitSeconds" = COALESCE(OLD."waitSeconds", -1) AND "fingerprint" = CASE WHEN OLD."status" = ''answered'' AND OLD."resolvedBy" NOT LIKE ''rule:%'' AND OLD."fingerprint" IS NOT NULL AND OLD."answerDigest" IS NOT NULL THEN OLD."fingerprint" ELSE '''' END AND "answerDigest" = CASE WHEN OLD."status" = ''answered'' AND OLD."resolvedBy" NOT LIKE ''rule:%'' AND OLD."fingerprint" IS NOT NULL AND OLD."answerDigest" IS NOT NULL THEN OLD."answerDigest" ELSE '''' END\073
    DELETE FROM "InsightDay" WHERE "n" <= 0 AND "teamId" = OLD."teamId" AND "day" = to_char(OLD."resolvedAt", ''YYYY-MM-DD'') AND "agentName" = OLD."agentName" AND "kind" = COALESCE(OLD."kind", '''') AND "resolvedBy" = CASE WHEN OLD."resolvedBy" LIKE ''rule:%'' THEN ''rule:'' ELSE COALESCE(OLD."resolvedBy", '''') END AND "status" = OLD."status" AND "waitSeconds" = COALESCE(OLD."waitSeconds", -1) AND "fingerprint" = CASE WHEN OLD."status" = ''answered'' AND OLD."resolvedBy" NOT LIKE ''rule:%'' AND OLD."fingerprint" IS NOT NULL AND OLD."answerDigest" IS NOT NULL THEN OLD."fingerprint" ELSE '''' END AND "answerDigest" = CASE WHEN OLD."status" = ''answered'' AND OLD."resolvedBy" NOT LIKE ''rule:%'' AND OLD."fingerprint" IS NOT NULL AND OLD."answerDigest" IS NOT NULL THEN OLD."answerDigest" ELSE '''' END\073
  END IF\073
  IF TG_OP <> ''DELETE'' THEN
    INSERT INTO "InsightDay" ("teamId", "day", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest", "n")
    SELECT
      NEW."teamId",
      to_char(NEW."resolvedAt", ''YYYY-MM-DD''),
      NEW."agentName",
      COALESCE(NEW."kind", ''''),
      CASE WHEN NEW."resolvedBy" LIKE ''rule:%'' THEN ''rule:'' ELSE COALESCE(NEW."resolvedBy", '''') END,
      NEW."status",
      COALESCE(NEW."waitSeconds", -1),
      CASE WHEN NEW."status" = ''answered'' AND NEW."resolvedBy" NOT LIKE ''rule:%'' AND NEW."fingerprint" IS NOT NULL AND NEW."answerDigest" IS NOT NULL THEN NEW."fingerprint" ELSE '''' END,
      CASE WHEN NEW."status" = ''answered'' AND NEW."resolvedBy" NOT LIKE ''rule:%'' AND NEW."fingerprint" IS NOT NULL AND NEW."answerDigest" IS NOT NULL THEN NEW."answerDigest" ELSE '''' END,
      1
    WHERE NEW."resolvedAt" IS NOT NULL AND NEW."status" <> ''pending'' AND NOT NEW."insightPending"
    ON CONFLICT ("teamId", "day", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest") DO UPDATE SET "n" = "InsightDay"."n" + 1\073
  END IF\073
  RETURN NULL\073
END
';

-- Fired only when the row counted before or counts after (a marked decision is skipped whole).
DROP TRIGGER "InsightDay_au" ON "QuestionRequest";
CREATE TRIGGER "InsightDay_au" AFTER UPDATE OF "status", "resolvedAt", "resolvedBy", "waitSeconds", "agentName", "kind", "fingerprint", "answerDigest", "teamId", "insightPending" ON "QuestionRequest"
FOR EACH ROW WHEN (((OLD."resolvedAt" IS NOT NULL AND OLD."status" <> 'pending' AND NOT OLD."insightPending") OR (NEW."resolvedAt" IS NOT NULL AND NEW."status" <> 'pending' AND NOT NEW."insightPending")) AND (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."resolvedAt" IS DISTINCT FROM NEW."resolvedAt" OR OLD."resolvedBy" IS DISTINCT FROM NEW."resolvedBy" OR OLD."waitSeconds" IS DISTINCT FROM NEW."waitSeconds" OR OLD."agentName" IS DISTINCT FROM NEW."agentName" OR OLD."kind" IS DISTINCT FROM NEW."kind" OR OLD."fingerprint" IS DISTINCT FROM NEW."fingerprint" OR OLD."answerDigest" IS DISTINCT FROM NEW."answerDigest" OR OLD."teamId" IS DISTINCT FROM NEW."teamId" OR OLD."insightPending" IS DISTINCT FROM NEW."insightPending"))
EXECUTE FUNCTION "insight_day_apply"();
