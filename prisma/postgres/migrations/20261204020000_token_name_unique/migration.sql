-- Token names are unique among a team's active tokens (issue 22): a name says which agent holds
-- which token. A revoked token keeps its name and frees it, so a rotated token can take it again.
-- Prisma's schema cannot express a partial index: it lives here only (lib/teams/tokens.ts maps its
-- violation to 409).
-- Existing duplicates first: the oldest active token keeps its name, every later one gets its own
-- id appended (deterministic, and unique because ids are).
UPDATE "ApiToken" SET "name" = "name" || ' (' || "id" || ')'
WHERE "revokedAt" IS NULL AND EXISTS (
  SELECT 1 FROM "ApiToken" AS "older"
  WHERE "older"."teamId" = "ApiToken"."teamId" AND "older"."name" = "ApiToken"."name" AND "older"."revokedAt" IS NULL
    AND ("older"."createdAt" < "ApiToken"."createdAt" OR ("older"."createdAt" = "ApiToken"."createdAt" AND "older"."id" < "ApiToken"."id"))
);

CREATE UNIQUE INDEX "ApiToken_teamId_name_active_key" ON "ApiToken"("teamId", "name") WHERE "revokedAt" IS NULL;
