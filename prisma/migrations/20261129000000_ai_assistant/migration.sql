-- AlterTable
ALTER TABLE "AiDocument" ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'pdf',
ADD COLUMN     "storageKey" TEXT,
ADD COLUMN     "size" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'indexing',
ADD COLUMN     "progress" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "error" TEXT,
ADD COLUMN     "ocrPages" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "outline" JSONB;

-- AlterTable
ALTER TABLE "AiChunk" ADD COLUMN     "position" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "AiMessage" ADD COLUMN     "mode" TEXT NOT NULL DEFAULT 'chat',
ADD COLUMN     "citations" JSONB,
ADD COLUMN     "source" TEXT,
ADD COLUMN     "found" BOOLEAN;

-- CreateIndex
CREATE INDEX "AiDocument_userId_createdAt_idx" ON "AiDocument"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "AiDocument_visitorId_createdAt_idx" ON "AiDocument"("visitorId", "createdAt");
