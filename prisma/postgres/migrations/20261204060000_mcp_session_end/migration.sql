-- CreateTable
CREATE TABLE "McpSessionEnd" (
    "id" TEXT NOT NULL,
    "tokenId" TEXT NOT NULL,
    "endedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "McpSessionEnd_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "McpSessionEnd_tokenId_idx" ON "McpSessionEnd"("tokenId");

