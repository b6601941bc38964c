-- Insights: spans and closed days (docs/decisions.md, "Insights: spans and closed days", issue 24).
-- On SQLite only CREATE TABLE and CREATE TRIGGER: no existing table or trigger is changed.

-- InsightDay summed over aligned spans of 7 and 28 days, kept by the triggers below: a long
-- period's per-agent, per-reviewer and overall figures read a few spans instead of every day.
CREATE TABLE "InsightSpan" (
    "teamId" TEXT NOT NULL,
    "span" INTEGER NOT NULL,
    "start" TEXT NOT NULL,
    "agentName" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "resolvedBy" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "waitSeconds" INTEGER NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "answerDigest" TEXT NOT NULL,
    "n" INTEGER NOT NULL,

    PRIMARY KEY ("teamId", "span", "start", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest")
) WITHOUT ROWID;

-- A closed day's change counter, bumped by the same triggers for days before the current UTC date.
CREATE TABLE "InsightDayVersion" (
    "teamId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "version" INTEGER NOT NULL,

    PRIMARY KEY ("teamId", "day")
) WITHOUT ROWID;

-- A closed day's figures for one filter, valid while its version is the day's InsightDayVersion.
CREATE TABLE "InsightDayFigure" (
    "teamId" TEXT NOT NULL,
    "agent" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "actor" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "answered" INTEGER NOT NULL,
    "rejected" INTEGER NOT NULL,
    "cancelled" INTEGER NOT NULL,
    "expired" INTEGER NOT NULL,
    "decidedByRule" INTEGER NOT NULL,
    "waited" BIGINT NOT NULL,
    "medianSeconds" INTEGER,
    "p90Seconds" INTEGER,

    PRIMARY KEY ("teamId", "agent", "kind", "actor", "day")
) WITHOUT ROWID;

-- Spans of the days written before this migration.
INSERT INTO "InsightSpan" ("teamId", "span", "start", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest", "n")
SELECT d."teamId", s."span", date(d."day", '-' || (((CAST(julianday(d."day") - 2440591.5 AS INTEGER) % s."span") + s."span") % s."span") || ' days'), d."agentName", d."kind", d."resolvedBy", d."status", d."waitSeconds", d."fingerprint", d."answerDigest", SUM(d."n")
FROM "InsightDay" d, (SELECT 7 AS "span" UNION ALL SELECT 28) s
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;

-- InsightDay's own triggers only ever change "n" of a row (a key is decremented and another
-- incremented), so an update is a delta on the same key.
CREATE TRIGGER "InsightSpan_ai" AFTER INSERT ON "InsightDay" BEGIN
  INSERT INTO "InsightSpan" ("teamId", "span", "start", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest", "n")
  SELECT new."teamId", s."span", date(new."day", '-' || (((CAST(julianday(new."day") - 2440591.5 AS INTEGER) % s."span") + s."span") % s."span") || ' days'), new."agentName", new."kind", new."resolvedBy", new."status", new."waitSeconds", new."fingerprint", new."answerDigest", new."n" FROM (SELECT 7 AS "span" UNION ALL SELECT 28) s WHERE true
  ON CONFLICT ("teamId", "span", "start", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest") DO UPDATE SET "n" = "InsightSpan"."n" + excluded."n";
  INSERT INTO "InsightDayVersion" ("teamId", "day", "version") SELECT new."teamId", new."day", 1 WHERE new."day" < date('now')
  ON CONFLICT ("teamId", "day") DO UPDATE SET "version" = "InsightDayVersion"."version" + 1;
END;

CREATE TRIGGER "InsightSpan_au" AFTER UPDATE OF "n" ON "InsightDay" WHEN new."n" IS NOT old."n" BEGIN
  INSERT INTO "InsightSpan" ("teamId", "span", "start", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest", "n")
  SELECT new."teamId", s."span", date(new."day", '-' || (((CAST(julianday(new."day") - 2440591.5 AS INTEGER) % s."span") + s."span") % s."span") || ' days'), new."agentName", new."kind", new."resolvedBy", new."status", new."waitSeconds", new."fingerprint", new."answerDigest", new."n" - old."n" FROM (SELECT 7 AS "span" UNION ALL SELECT 28) s WHERE true
  ON CONFLICT ("teamId", "span", "start", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest") DO UPDATE SET "n" = "InsightSpan"."n" + excluded."n";
  DELETE FROM "InsightSpan" WHERE new."n" < old."n" AND "n" <= 0 AND "teamId" = new."teamId" AND "span" IN (7, 28) AND "start" IN (date(new."day", '-' || (((CAST(julianday(new."day") - 2440591.5 AS INTEGER) % 7) + 7) % 7) || ' days'), date(new."day", '-' || (((CAST(julianday(new."day") - 2440591.5 AS INTEGER) % 28) + 28) % 28) || ' days')) AND "agentName" = new."agentName" AND "kind" = new."kind" AND "resolvedBy" = new."resolvedBy" AND "status" = new."status" AND "waitSeconds" = new."waitSeconds" AND "fingerprint" = new."fingerprint" AND "answerDigest" = new."answerDigest";
  INSERT INTO "InsightDayVersion" ("teamId", "day", "version") SELECT new."teamId", new."day", 1 WHERE new."day" < date('now')
  ON CONFLICT ("teamId", "day") DO UPDATE SET "version" = "InsightDayVersion"."version" + 1;
END;

CREATE TRIGGER "InsightSpan_ad" AFTER DELETE ON "InsightDay" WHEN old."n" <> 0 BEGIN
  INSERT INTO "InsightSpan" ("teamId", "span", "start", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest", "n")
  SELECT old."teamId", s."span", date(old."day", '-' || (((CAST(julianday(old."day") - 2440591.5 AS INTEGER) % s."span") + s."span") % s."span") || ' days'), old."agentName", old."kind", old."resolvedBy", old."status", old."waitSeconds", old."fingerprint", old."answerDigest", -old."n" FROM (SELECT 7 AS "span" UNION ALL SELECT 28) s WHERE true
  ON CONFLICT ("teamId", "span", "start", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest") DO UPDATE SET "n" = "InsightSpan"."n" + excluded."n";
  DELETE FROM "InsightSpan" WHERE "n" <= 0 AND "teamId" = old."teamId" AND "span" IN (7, 28) AND "start" IN (date(old."day", '-' || (((CAST(julianday(old."day") - 2440591.5 AS INTEGER) % 7) + 7) % 7) || ' days'), date(old."day", '-' || (((CAST(julianday(old."day") - 2440591.5 AS INTEGER) % 28) + 28) % 28) || ' days')) AND "agentName" = old."agentName" AND "kind" = old."kind" AND "resolvedBy" = old."resolvedBy" AND "status" = old."status" AND "waitSeconds" = old."waitSeconds" AND "fingerprint" = old."fingerprint" AND "answerDigest" = old."answerDigest";
  INSERT INTO "InsightDayVersion" ("teamId", "day", "version") SELECT old."teamId", old."day", 1 WHERE old."day" < date('now')
  ON CONFLICT ("teamId", "day") DO UPDATE SET "version" = "InsightDayVersion"."version" + 1;
END;
