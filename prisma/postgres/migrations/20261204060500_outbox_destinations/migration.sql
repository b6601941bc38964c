-- AlterTable
ALTER TABLE "Delivery" ADD COLUMN     "destination" TEXT;

-- CreateTable
CREATE TABLE "CallbackDestination" (
    "id" TEXT NOT NULL,
    "failureStreak" INTEGER NOT NULL DEFAULT 0,
    "pausedUntil" TIMESTAMP(3),
    "lastError" TEXT,

    CONSTRAINT "CallbackDestination_pkey" PRIMARY KEY ("id")
);

