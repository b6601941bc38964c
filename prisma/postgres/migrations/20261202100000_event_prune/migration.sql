-- CreateTable
CREATE TABLE "EventPrune" (
    "id" INTEGER NOT NULL,
    "throughId" INTEGER NOT NULL,
    "prunedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "EventPrune_pkey" PRIMARY KEY ("id")
);

