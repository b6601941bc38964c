-- AlterTable
ALTER TABLE "Team" ADD COLUMN "defaultExpiresSeconds" INTEGER;

-- AlterTable
ALTER TABLE "QuestionRequest" ADD COLUMN "expirySource" TEXT;
ALTER TABLE "QuestionRequest" ADD COLUMN "mcpSessionId" TEXT;
ALTER TABLE "QuestionRequest" ADD COLUMN "agentSeenAt" DATETIME;
ALTER TABLE "QuestionRequest" ADD COLUMN "agentGoneAt" DATETIME;
