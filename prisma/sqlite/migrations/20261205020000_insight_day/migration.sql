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

    PRIMARY KEY ("teamId", "day", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest")
) WITHOUT ROWID;

-- Rows written before this migration.
INSERT INTO "InsightDay" ("teamId", "day", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest", "n")
SELECT
  q."teamId",
  substr(q."resolvedAt", 1, 10),
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

CREATE TRIGGER "InsightDay_ai" AFTER INSERT ON "QuestionRequest" WHEN new."resolvedAt" IS NOT NULL AND new."status" <> 'pending' BEGIN
  INSERT INTO "InsightDay" ("teamId", "day", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest", "n")
  SELECT
    new."teamId",
    substr(new."resolvedAt", 1, 10),
    new."agentName",
    COALESCE(new."kind", ''),
    CASE WHEN new."resolvedBy" LIKE 'rule:%' THEN 'rule:' ELSE COALESCE(new."resolvedBy", '') END,
    new."status",
    COALESCE(new."waitSeconds", -1),
    CASE WHEN new."status" = 'answered' AND new."resolvedBy" NOT LIKE 'rule:%' AND new."fingerprint" IS NOT NULL AND new."answerDigest" IS NOT NULL THEN new."fingerprint" ELSE '' END,
    CASE WHEN new."status" = 'answered' AND new."resolvedBy" NOT LIKE 'rule:%' AND new."fingerprint" IS NOT NULL AND new."answerDigest" IS NOT NULL THEN new."answerDigest" ELSE '' END,
    1
  WHERE new."resolvedAt" IS NOT NULL AND new."status" <> 'pending'
  ON CONFLICT ("teamId", "day", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest") DO UPDATE SET "n" = "InsightDay"."n" + 1;
END;

CREATE TRIGGER "InsightDay_ad" AFTER DELETE ON "QuestionRequest" WHEN old."resolvedAt" IS NOT NULL AND old."status" <> 'pending' BEGIN
  UPDATE "InsightDay" SET "n" = "n" - 1 WHERE old."resolvedAt" IS NOT NULL AND old."status" <> 'pending' AND "teamId" = old."teamId" AND "day" = substr(old."resolvedAt", 1, 10) AND "agentName" = old."agentName" AND "kind" = COALESCE(old."kind", '') AND "resolvedBy" = CASE WHEN old."resolvedBy" LIKE 'rule:%' THEN 'rule:' ELSE COALESCE(old."resolvedBy", '') END AND "status" = old."status" AND "waitSeconds" = COALESCE(old."waitSeconds", -1) AND "fingerprint" = CASE WHEN old."status" = 'answered' AND old."resolvedBy" NOT LIKE 'rule:%' AND old."fingerprint" IS NOT NULL AND old."answerDigest" IS NOT NULL THEN old."fingerprint" ELSE '' END AND "answerDigest" = CASE WHEN old."status" = 'answered' AND old."resolvedBy" NOT LIKE 'rule:%' AND old."fingerprint" IS NOT NULL AND old."answerDigest" IS NOT NULL THEN old."answerDigest" ELSE '' END;
  DELETE FROM "InsightDay" WHERE "n" <= 0 AND "teamId" = old."teamId" AND "day" = substr(old."resolvedAt", 1, 10) AND "agentName" = old."agentName" AND "kind" = COALESCE(old."kind", '') AND "resolvedBy" = CASE WHEN old."resolvedBy" LIKE 'rule:%' THEN 'rule:' ELSE COALESCE(old."resolvedBy", '') END AND "status" = old."status" AND "waitSeconds" = COALESCE(old."waitSeconds", -1) AND "fingerprint" = CASE WHEN old."status" = 'answered' AND old."resolvedBy" NOT LIKE 'rule:%' AND old."fingerprint" IS NOT NULL AND old."answerDigest" IS NOT NULL THEN old."fingerprint" ELSE '' END AND "answerDigest" = CASE WHEN old."status" = 'answered' AND old."resolvedBy" NOT LIKE 'rule:%' AND old."fingerprint" IS NOT NULL AND old."answerDigest" IS NOT NULL THEN old."answerDigest" ELSE '' END;
END;

CREATE TRIGGER "InsightDay_au" AFTER UPDATE OF "status", "resolvedAt", "resolvedBy", "waitSeconds", "agentName", "kind", "fingerprint", "answerDigest", "teamId" ON "QuestionRequest"
WHEN old."status" IS NOT new."status" OR old."resolvedAt" IS NOT new."resolvedAt" OR old."resolvedBy" IS NOT new."resolvedBy" OR old."waitSeconds" IS NOT new."waitSeconds" OR old."agentName" IS NOT new."agentName" OR old."kind" IS NOT new."kind" OR old."fingerprint" IS NOT new."fingerprint" OR old."answerDigest" IS NOT new."answerDigest" OR old."teamId" IS NOT new."teamId" BEGIN
  UPDATE "InsightDay" SET "n" = "n" - 1 WHERE old."resolvedAt" IS NOT NULL AND old."status" <> 'pending' AND "teamId" = old."teamId" AND "day" = substr(old."resolvedAt", 1, 10) AND "agentName" = old."agentName" AND "kind" = COALESCE(old."kind", '') AND "resolvedBy" = CASE WHEN old."resolvedBy" LIKE 'rule:%' THEN 'rule:' ELSE COALESCE(old."resolvedBy", '') END AND "status" = old."status" AND "waitSeconds" = COALESCE(old."waitSeconds", -1) AND "fingerprint" = CASE WHEN old."status" = 'answered' AND old."resolvedBy" NOT LIKE 'rule:%' AND old."fingerprint" IS NOT NULL AND old."answerDigest" IS NOT NULL THEN old."fingerprint" ELSE '' END AND "answerDigest" = CASE WHEN old."status" = 'answered' AND old."resolvedBy" NOT LIKE 'rule:%' AND old."fingerprint" IS NOT NULL AND old."answerDigest" IS NOT NULL THEN old."answerDigest" ELSE '' END;
  DELETE FROM "InsightDay" WHERE "n" <= 0 AND "teamId" = old."teamId" AND "day" = substr(old."resolvedAt", 1, 10) AND "agentName" = old."agentName" AND "kind" = COALESCE(old."kind", '') AND "resolvedBy" = CASE WHEN old."resolvedBy" LIKE 'rule:%' THEN 'rule:' ELSE COALESCE(old."resolvedBy", '') END AND "status" = old."status" AND "waitSeconds" = COALESCE(old."waitSeconds", -1) AND "fingerprint" = CASE WHEN old."status" = 'answered' AND old."resolvedBy" NOT LIKE 'rule:%' AND old."fingerprint" IS NOT NULL AND old."answerDigest" IS NOT NULL THEN old."fingerprint" ELSE '' END AND "answerDigest" = CASE WHEN old."status" = 'answered' AND old."resolvedBy" NOT LIKE 'rule:%' AND old."fingerprint" IS NOT NULL AND old."answerDigest" IS NOT NULL THEN old."answerDigest" ELSE '' END;
  INSERT INTO "InsightDay" ("teamId", "day", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest", "n")
  SELECT
    new."teamId",
    substr(new."resolvedAt", 1, 10),
    new."agentName",
    COALESCE(new."kind", ''),
    CASE WHEN new."resolvedBy" LIKE 'rule:%' THEN 'rule:' ELSE COALESCE(new."resolvedBy", '') END,
    new."status",
    COALESCE(new."waitSeconds", -1),
    CASE WHEN new."status" = 'answered' AND new."resolvedBy" NOT LIKE 'rule:%' AND new."fingerprint" IS NOT NULL AND new."answerDigest" IS NOT NULL THEN new."fingerprint" ELSE '' END,
    CASE WHEN new."status" = 'answered' AND new."resolvedBy" NOT LIKE 'rule:%' AND new."fingerprint" IS NOT NULL AND new."answerDigest" IS NOT NULL THEN new."answerDigest" ELSE '' END,
    1
  WHERE new."resolvedAt" IS NOT NULL AND new."status" <> 'pending'
  ON CONFLICT ("teamId", "day", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest") DO UPDATE SET "n" = "InsightDay"."n" + 1;
END;
