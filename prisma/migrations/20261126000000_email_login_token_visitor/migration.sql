-- AlterTable
ALTER TABLE "EmailLoginToken" ADD COLUMN     "visitorId" TEXT;

