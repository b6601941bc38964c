-- Insights: spans and closed days (docs/decisions.md, "Insights: spans and closed days", issue 24).
-- The function body is an escape string whose semicolons are written \073 (the adapter that applies
-- migrations splits the script at every semicolon, as in 20261205020000_insight_day).

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

    CONSTRAINT "InsightSpan_pkey" PRIMARY KEY ("teamId","span","start","agentName","kind","resolvedBy","status","waitSeconds","fingerprint","answerDigest")
);

-- A closed day's change counter, bumped by the same triggers for days before the current UTC date.
CREATE TABLE "InsightDayVersion" (
    "teamId" TEXT NOT NULL,
    "day" TEXT NOT NULL,
    "version" INTEGER NOT NULL,

    CONSTRAINT "InsightDayVersion_pkey" PRIMARY KEY ("teamId","day")
);

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

    CONSTRAINT "InsightDayFigure_pkey" PRIMARY KEY ("teamId","agent","kind","actor","day")
);

-- Spans of the days written before this migration.
INSERT INTO "InsightSpan" ("teamId", "span", "start", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest", "n")
SELECT d."teamId", s."span", to_char(CAST(d."day" AS date) - ((CAST(d."day" AS date) - DATE '1970-01-05') % s."span" + s."span") % s."span", 'YYYY-MM-DD'), d."agentName", d."kind", d."resolvedBy", d."status", d."waitSeconds", d."fingerprint", d."answerDigest", SUM(d."n")
FROM "InsightDay" d, (VALUES (7), (28)) AS s ("span")
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;

-- InsightDay's own triggers only ever change "n" of a row, so an update is a delta on the same key.
CREATE FUNCTION "insight_span_apply"() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  r RECORD\073
  d INTEGER\073
  s INTEGER\073
BEGIN
  IF TG_OP = ''DELETE'' THEN
    r := OLD\073
    d := -OLD."n"\073
  ELSIF TG_OP = ''UPDATE'' THEN
    r := NEW\073
    d := NEW."n" - OLD."n"\073
  ELSE
    r := NEW\073
    d := NEW."n"\073
  END IF\073
  IF d = 0 THEN
    RETURN NULL\073
  END IF\073
  FOREACH s IN ARRAY ARRAY[7, 28] LOOP
    INSERT INTO "InsightSpan" ("teamId", "span", "start", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest", "n")
    VALUES (r."teamId", s, to_char(CAST(r."day" AS date) - ((CAST(r."day" AS date) - DATE ''1970-01-05'') % s + s) % s, ''YYYY-MM-DD''), r."agentName", r."kind", r."resolvedBy", r."status", r."waitSeconds", r."fingerprint", r."answerDigest", d)
    ON CONFLICT ("teamId", "span", "start", "agentName", "kind", "resolvedBy", "status", "waitSeconds", "fingerprint", "answerDigest") DO UPDATE SET "n" = "InsightSpan"."n" + EXCLUDED."n"\073
    IF d < 0 THEN
      DELETE FROM "InsightSpan" WHERE "n" <= 0 AND "teamId" = r."teamId" AND "span" = s AND "start" = to_char(CAST(r."day" AS date) - ((CAST(r."day" AS date) - DATE ''1970-01-05'') % s + s) % s, ''YYYY-MM-DD'') AND "agentName" = r."agentName" AND "kind" = r."kind" AND "resolvedBy" = r."resolvedBy" AND "status" = r."status" AND "waitSeconds" = r."waitSeconds" AND "fingerprint" = r."fingerprint" AND "answerDigest" = r."answerDigest"\073
    END IF\073
  END LOOP\073
  IF r."day" < to_char(clock_timestamp() AT TIME ZONE ''UTC'', ''YYYY-MM-DD'') THEN
    INSERT INTO "InsightDayVersion" ("teamId", "day", "version") VALUES (r."teamId", r."day", 1)
    ON CONFLICT ("teamId", "day") DO UPDATE SET "version" = "InsightDayVersion"."version" + 1\073
  END IF\073
  RETURN NULL\073
END
';

CREATE TRIGGER "InsightSpan_aiud" AFTER INSERT OR UPDATE OF "n" OR DELETE ON "InsightDay"
FOR EACH ROW EXECUTE FUNCTION "insight_span_apply"();
