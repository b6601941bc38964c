-- CreateTable
CREATE TABLE "EventPrune" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "throughId" INTEGER NOT NULL,
    "prunedAt" DATETIME NOT NULL
);

