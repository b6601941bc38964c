-- AlterTable
ALTER TABLE "Team" ADD COLUMN     "defaultExpiresSeconds" INTEGER;

-- AlterTable
ALTER TABLE "QuestionRequest" ADD COLUMN     "expirySource" TEXT,
ADD COLUMN     "mcpSessionId" TEXT,
ADD COLUMN     "agentSeenAt" TIMESTAMP(3),
ADD COLUMN     "agentGoneAt" TIMESTAMP(3);
