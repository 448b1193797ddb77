-- The figures a task's notice names ("11 of 12 pages recovered").
ALTER TABLE "Task" ADD COLUMN "noticeParams" JSONB;
