import type { HistoryTask } from './user-api';

export const HISTORY_PAGE_SIZE = 10;

/** The one file a finished task offers (the zip of its outputs when there are several); none once it is gone. */
export const taskDownloadUrl = (task: HistoryTask): string | undefined =>
  task.status === 'successful' ? (task.fileurl ?? task.zipurl ?? task.pdfurls?.[0] ?? task.imageurls?.[0]) : undefined;

/** Pages of `total` tasks, at least one. */
export const pageCount = (total: number, pageSize = HISTORY_PAGE_SIZE) => Math.max(1, Math.ceil(total / pageSize));
