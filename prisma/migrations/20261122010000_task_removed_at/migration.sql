-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "removedAt" TIMESTAMP(3);

