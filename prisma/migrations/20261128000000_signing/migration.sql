-- CreateTable
CREATE TABLE "SavedSignature" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SavedSignature_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SigningAudit" (
    "id" TEXT NOT NULL,
    "taskId" TEXT NOT NULL,
    "userId" TEXT,
    "visitorId" TEXT,
    "ip" TEXT,
    "operationsSha256" TEXT NOT NULL,
    "inputSha256" TEXT,
    "outputSha256" TEXT,
    "sealed" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completedAt" TIMESTAMP(3),

    CONSTRAINT "SigningAudit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SavedSignature_userId_createdAt_idx" ON "SavedSignature"("userId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "SigningAudit_taskId_key" ON "SigningAudit"("taskId");

-- CreateIndex
CREATE INDEX "SigningAudit_userId_createdAt_idx" ON "SigningAudit"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "SavedSignature" ADD CONSTRAINT "SavedSignature_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
