-- CreateTable
CREATE TABLE "McpSessionEnd" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "tokenId" TEXT NOT NULL,
    "endedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "McpSessionEnd_tokenId_idx" ON "McpSessionEnd"("tokenId");

