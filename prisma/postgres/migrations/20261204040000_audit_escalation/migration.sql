-- AlterTable
ALTER TABLE "Team" ADD COLUMN     "escalateAfterSeconds" INTEGER,
ADD COLUMN     "escalation" TEXT,
ADD COLUMN     "expiryMessage" TEXT;

-- AlterTable
ALTER TABLE "QuestionRequest" ADD COLUMN     "escalatedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "at" TIMESTAMP(3) NOT NULL,
    "actor" TEXT NOT NULL,
    "address" TEXT,
    "action" TEXT NOT NULL,
    "target" TEXT,
    "data" TEXT NOT NULL,
    "prevHash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AuditEntry_teamId_seq_key" ON "AuditEntry"("teamId", "seq");

