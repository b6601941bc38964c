-- AlterTable
ALTER TABLE "Delivery" ADD COLUMN "destination" TEXT;

-- CreateTable
CREATE TABLE "CallbackDestination" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "failureStreak" INTEGER NOT NULL DEFAULT 0,
    "pausedUntil" DATETIME,
    "lastError" TEXT
);

