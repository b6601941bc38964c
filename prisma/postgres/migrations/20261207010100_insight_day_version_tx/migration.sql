-- Insights: spans and closed days (docs/decisions.md). A closed day's counter is bumped once per
-- transaction: readers see a transaction's changes all at once, so one bump invalidates them all,
-- and a bulk statement (a team's deletion, a seed) no longer updates one row per request, each
-- update a new row version that the next one has to walk past.
-- AlterTable
ALTER TABLE "InsightDayVersion" ADD COLUMN "tx" BIGINT;

-- The function body is an escape string whose semicolons are written \073 (as in 20261207010000_insight_spans).
CREATE OR REPLACE FUNCTION "insight_span_apply"() RETURNS trigger LANGUAGE plpgsql AS E'
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
    INSERT INTO "InsightDayVersion" ("teamId", "day", "version", "tx") VALUES (r."teamId", r."day", 1, txid_current())
    ON CONFLICT ("teamId", "day") DO UPDATE SET "version" = "InsightDayVersion"."version" + 1, "tx" = EXCLUDED."tx"
    WHERE "InsightDayVersion"."tx" IS DISTINCT FROM EXCLUDED."tx"\073
  END IF\073
  RETURN NULL\073
END
';
