-- AlterTable
ALTER TABLE "QuestionRequest" ADD COLUMN "approvals" TEXT;
ALTER TABLE "QuestionRequest" ADD COLUMN "cwd" TEXT;

-- CreateTable
CREATE TABLE "Rule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "teamId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "effect" TEXT NOT NULL,
    "tool" TEXT,
    "pattern" TEXT,
    "fingerprint" TEXT,
    "answers" TEXT,
    "summary" TEXT,
    "requiredApprovals" INTEGER,
    "agentName" TEXT,
    "cwdPrefix" TEXT,
    "sessionId" TEXT,
    "expiresAt" DATETIME,
    "pausedAt" DATETIME,
    "hits" INTEGER NOT NULL DEFAULT 0,
    "lastUsedAt" DATETIME,
    "createdBy" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "Rule_teamId_createdAt_idx" ON "Rule"("teamId", "createdAt");

