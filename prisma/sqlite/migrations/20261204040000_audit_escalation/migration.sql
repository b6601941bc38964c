-- AlterTable
ALTER TABLE "Team" ADD COLUMN "escalateAfterSeconds" INTEGER;
ALTER TABLE "Team" ADD COLUMN "escalation" TEXT;
ALTER TABLE "Team" ADD COLUMN "expiryMessage" TEXT;

-- AlterTable
ALTER TABLE "QuestionRequest" ADD COLUMN "escalatedAt" DATETIME;

-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "teamId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "at" DATETIME NOT NULL,
    "actor" TEXT NOT NULL,
    "address" TEXT,
    "action" TEXT NOT NULL,
    "target" TEXT,
    "data" TEXT NOT NULL,
    "prevHash" TEXT NOT NULL,
    "hash" TEXT NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "AuditEntry_teamId_seq_key" ON "AuditEntry"("teamId", "seq");

