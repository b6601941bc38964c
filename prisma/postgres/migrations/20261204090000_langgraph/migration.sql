-- CreateTable
CREATE TABLE "LangGraphDeployment" (
    "id" TEXT NOT NULL,
    "teamId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "graphs" TEXT NOT NULL DEFAULT '',
    "apiKeySealed" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "lastPolledAt" TIMESTAMP(3),
    "lastError" TEXT,
    "failureStreak" INTEGER NOT NULL DEFAULT 0,
    "nextPollAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LangGraphDeployment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LangGraphInterrupt" (
    "id" TEXT NOT NULL,
    "deploymentId" TEXT NOT NULL,
    "threadId" TEXT NOT NULL,
    "interruptId" TEXT NOT NULL,
    "assistantId" TEXT NOT NULL,
    "requestId" TEXT NOT NULL,
    "shape" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "doneAt" TIMESTAMP(3),

    CONSTRAINT "LangGraphInterrupt_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LangGraphDeployment_teamId_idx" ON "LangGraphDeployment"("teamId");

-- CreateIndex
CREATE UNIQUE INDEX "LangGraphInterrupt_requestId_key" ON "LangGraphInterrupt"("requestId");

-- CreateIndex
CREATE INDEX "LangGraphInterrupt_deploymentId_state_idx" ON "LangGraphInterrupt"("deploymentId", "state");

-- CreateIndex
CREATE UNIQUE INDEX "LangGraphInterrupt_deploymentId_threadId_interruptId_key" ON "LangGraphInterrupt"("deploymentId", "threadId", "interruptId");

