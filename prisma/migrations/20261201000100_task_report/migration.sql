-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "report" JSONB;
