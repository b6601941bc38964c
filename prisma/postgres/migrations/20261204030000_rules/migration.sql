-- AlterTable
ALTER TABLE "QuestionRequest" ADD COLUMN     "approvals" TEXT,
ADD COLUMN     "cwd" TEXT;

-- CreateTable
CREATE TABLE "Rule" (
    "id" TEXT NOT NULL,
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
    "expiresAt" TIMESTAMP(3),
    "pausedAt" TIMESTAMP(3),
    "hits" INTEGER NOT NULL DEFAULT 0,
    "lastUsedAt" TIMESTAMP(3),
    "createdBy" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Rule_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Rule_teamId_createdAt_idx" ON "Rule"("teamId", "createdAt");

