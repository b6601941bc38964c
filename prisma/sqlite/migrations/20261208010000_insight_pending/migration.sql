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

-- The histogram's triggers again, a row counting while decided and not marked; the update's fires
-- only when the row counted before or counts after (a marked decision is skipped whole).
DROP TRIGGER "InsightDay_ai";
CREATE TRIGGER "InsightDay_ai" AFTER INSERT ON "QuestionRequest" WHEN new."resolvedAt" IS NOT NULL AND new."status" <> 'pending' AND NOT new."insightPending" BEGIN
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
  WHERE new."resolvedAt" IS NOT NULL AND new."status" <> 'pending' AND NOT new."insightPending"
  ON CONFLICT ("teamId", "day", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest") DO UPDATE SET "n" = "InsightDay"."n" + 1;
END;

DROP TRIGGER "InsightDay_ad";
CREATE TRIGGER "InsightDay_ad" AFTER DELETE ON "QuestionRequest" WHEN old."resolvedAt" IS NOT NULL AND old."status" <> 'pending' AND NOT old."insightPending" BEGIN
  UPDATE "InsightDay" SET "n" = "n" - 1 WHERE old."resolvedAt" IS NOT NULL AND old."status" <> 'pending' AND NOT old."insightPending" AND "teamId" = old."teamId" AND "day" = substr(old."resolvedAt", 1, 10) AND "agentName" = old."agentName" AND "kind" = COALESCE(old."kind", '') AND "resolvedBy" = CASE WHEN old."resolvedBy" LIKE 'rule:%' THEN 'rule:' ELSE COALESCE(old."resolvedBy", '') END AND "status" = old."status" AND "waitSeconds" = COALESCE(old."waitSeconds", -1) AND "fingerprint" = CASE WHEN old."status" = 'answered' AND old."resolvedBy" NOT LIKE 'rule:%' AND old."fingerprint" IS NOT NULL AND old."answerDigest" IS NOT NULL THEN old."fingerprint" ELSE '' END AND "answerDigest" = CASE WHEN old."status" = 'answered' AND old."resolvedBy" NOT LIKE 'rule:%' AND old."fingerprint" IS NOT NULL AND old."answerDigest" IS NOT NULL THEN old."answerDigest" ELSE '' END;
  DELETE FROM "InsightDay" WHERE "n" <= 0 AND "teamId" = old."teamId" AND "day" = substr(old."resolvedAt", 1, 10) AND "agentName" = old."agentName" AND "kind" = COALESCE(old."kind", '') AND "resolvedBy" = CASE WHEN old."resolvedBy" LIKE 'rule:%' THEN 'rule:' ELSE COALESCE(old."resolvedBy", '') END AND "status" = old."status" AND "waitSeconds" = COALESCE(old."waitSeconds", -1) AND "fingerprint" = CASE WHEN old."status" = 'answered' AND old."resolvedBy" NOT LIKE 'rule:%' AND old."fingerprint" IS NOT NULL AND old."answerDigest" IS NOT NULL THEN old."fingerprint" ELSE '' END AND "answerDigest" = CASE WHEN old."status" = 'answered' AND old."resolvedBy" NOT LIKE 'rule:%' AND old."fingerprint" IS NOT NULL AND old."answerDigest" IS NOT NULL THEN old."answerDigest" ELSE '' END;
END;

DROP TRIGGER "InsightDay_au";
CREATE TRIGGER "InsightDay_au" AFTER UPDATE OF "status", "resolvedAt", "resolvedBy", "waitSeconds", "agentName", "kind", "fingerprint", "answerDigest", "teamId", "insightPending" ON "QuestionRequest"
WHEN ((old."resolvedAt" IS NOT NULL AND old."status" <> 'pending' AND NOT old."insightPending") OR (new."resolvedAt" IS NOT NULL AND new."status" <> 'pending' AND NOT new."insightPending")) AND (old."status" IS NOT new."status" OR old."resolvedAt" IS NOT new."resolvedAt" OR old."resolvedBy" IS NOT new."resolvedBy" OR old."waitSeconds" IS NOT new."waitSeconds" OR old."agentName" IS NOT new."agentName" OR old."kind" IS NOT new."kind" OR old."fingerprint" IS NOT new."fingerprint" OR old."answerDigest" IS NOT new."answerDigest" OR old."teamId" IS NOT new."teamId" OR old."insightPending" IS NOT new."insightPending") BEGIN
  UPDATE "InsightDay" SET "n" = "n" - 1 WHERE old."resolvedAt" IS NOT NULL AND old."status" <> 'pending' AND NOT old."insightPending" AND "teamId" = old."teamId" AND "day" = substr(old."resolvedAt", 1, 10) AND "agentName" = old."agentName" AND "kind" = COALESCE(old."kind", '') AND "resolvedBy" = CASE WHEN old."resolvedBy" LIKE 'rule:%' THEN 'rule:' ELSE COALESCE(old."resolvedBy", '') END AND "status" = old."status" AND "waitSeconds" = COALESCE(old."waitSeconds", -1) AND "fingerprint" = CASE WHEN old."status" = 'answered' AND old."resolvedBy" NOT LIKE 'rule:%' AND old."fingerprint" IS NOT NULL AND old."answerDigest" IS NOT NULL THEN old."fingerprint" ELSE '' END AND "answerDigest" = CASE WHEN old."status" = 'answered' AND old."resolvedBy" NOT LIKE 'rule:%' AND old."fingerprint" IS NOT NULL AND old."answerDigest" IS NOT NULL THEN old."answerDigest" ELSE '' END;
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
  WHERE new."resolvedAt" IS NOT NULL AND new."status" <> 'pending' AND NOT new."insightPending"
  ON CONFLICT ("teamId", "day", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest") DO UPDATE SET "n" = "InsightDay"."n" + 1;
END;
