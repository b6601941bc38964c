-- Insights at 1,000,000 rows (issue 24, docs/decisions.md, Insights at 1,000,000 rows): a per-day
-- histogram of decisions that the insights queries read instead of the requests themselves. The
-- triggers below keep it in the writing transaction of every insert, update and delete of a
-- request, so it commits or rolls back with the request and no app path can forget it.
CREATE TABLE "InsightDay" (
    "teamId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "agentName" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "resolvedBy" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "waitSeconds" INTEGER NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "answerDigest" TEXT NOT NULL,
    "n" INTEGER NOT NULL,

    CONSTRAINT "InsightDay_pkey" PRIMARY KEY ("teamId","day","agentName","kind","resolvedBy","status","waitSeconds","fingerprint","answerDigest")
);

-- Rows written before this migration.
INSERT INTO "InsightDay" ("teamId", "day", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest", "n")
SELECT
  q."teamId",
  to_char(q."resolvedAt", 'YYYY-MM-DD'),
  q."agentName",
  COALESCE(q."kind", ''),
  CASE WHEN q."resolvedBy" LIKE 'rule:%' THEN 'rule:' ELSE COALESCE(q."resolvedBy", '') END,
  q."status",
  COALESCE(q."waitSeconds", -1),
  CASE WHEN q."status" = 'answered' AND q."resolvedBy" NOT LIKE 'rule:%' AND q."fingerprint" IS NOT NULL AND q."answerDigest" IS NOT NULL THEN q."fingerprint" ELSE '' END,
  CASE WHEN q."status" = 'answered' AND q."resolvedBy" NOT LIKE 'rule:%' AND q."fingerprint" IS NOT NULL AND q."answerDigest" IS NOT NULL THEN q."answerDigest" ELSE '' END,
  COUNT(*)
FROM "QuestionRequest" q
WHERE q."resolvedAt" IS NOT NULL AND q."status" <> 'pending'
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;

-- The function body is an escape string whose semicolons are written \073: the adapter that applies
-- migrations (@prisma/adapter-pg executeScript) splits the script at every semicolon, even inside
-- quotes. It reads as plain PL/pgSQL with each \073 read as a semicolon.
CREATE FUNCTION "insight_day_apply"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP <> ''INSERT'' THEN
    UPDATE "InsightDay" SET "n" = "n" - 1 WHERE OLD."resolvedAt" IS NOT NULL AND OLD."status" <> ''pending'' AND "teamId" = OLD."teamId" AND "day" = to_char(OLD."resolvedAt", ''YYYY-MM-DD'') AND "agentName" = OLD."agentName" AND "kind" = COALESCE(OLD."kind", '''') AND "resolvedBy" = CASE WHEN OLD."resolvedBy" LIKE ''rule:%'' THEN ''rule:'' ELSE COALESCE(OLD."resolvedBy", '''') END AND "status" = OLD."status" AND "waitSeconds" = COALESCE(OLD."waitSeconds", -1) AND "fingerprint" = CASE WHEN OLD."status" = ''answered'' AND OLD."resolvedBy" NOT LIKE ''rule:%'' AND OLD."fingerprint" IS NOT NULL AND OLD."answerDigest" IS NOT NULL THEN OLD."fingerprint" ELSE '''' END AND "answerDigest" = CASE WHEN OLD."status" = ''answered'' AND OLD."resolvedBy" NOT LIKE ''rule:%'' AND OLD."fingerprint" IS NOT NULL AND OLD."answerDigest" IS NOT NULL THEN OLD."answerDigest" ELSE '''' END\073
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
    WHERE NEW."resolvedAt" IS NOT NULL AND NEW."status" <> ''pending''
    ON CONFLICT ("teamId", "day", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest") DO UPDATE SET "n" = "InsightDay"."n" + 1\073
  END IF\073
  RETURN NULL\073
END
';

CREATE TRIGGER "InsightDay_aid" AFTER INSERT OR DELETE ON "QuestionRequest"
FOR EACH ROW EXECUTE FUNCTION "insight_day_apply"();

CREATE TRIGGER "InsightDay_au" AFTER UPDATE OF "status", "resolvedAt", "resolvedBy", "waitSeconds", "agentName", "kind", "fingerprint", "answerDigest", "teamId" ON "QuestionRequest"
FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."resolvedAt" IS DISTINCT FROM NEW."resolvedAt" OR OLD."resolvedBy" IS DISTINCT FROM NEW."resolvedBy" OR OLD."waitSeconds" IS DISTINCT FROM NEW."waitSeconds" OR OLD."agentName" IS DISTINCT FROM NEW."agentName" OR OLD."kind" IS DISTINCT FROM NEW."kind" OR OLD."fingerprint" IS DISTINCT FROM NEW."fingerprint" OR OLD."answerDigest" IS DISTINCT FROM NEW."answerDigest" OR OLD."teamId" IS DISTINCT FROM NEW."teamId")
EXECUTE FUNCTION "insight_day_apply"();
