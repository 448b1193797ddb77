import fs from 'node:fs/promises';
import path from 'node:path';
import type { Deps } from '#shared/server/deps';
import { thumbKey } from '#shared/server/jobs';
import { log } from '#shared/server/logger';
import { TASK_TOOLS, type ToolDefinition } from '#shared/tools';
import { DEFAULT_TIMEOUT_SECONDS } from './task-runner';

const BATCH = 500;
/**
 * A visitor's AI documents are kept this long (an account's until its owner deletes them): long
 * enough to come back to, not for ever for a cookie that may never return.
 */
export const VISITOR_AI_DOCUMENT_DAYS = 7;

/**
 * No task runs longer than the longest time limit, so a task's temp folder older than that belongs
 * to a worker that was killed before it could remove it.
 */
export const STALE_TMP_AFTER_MS = Math.max(...TASK_TOOLS.map((t: ToolDefinition) => t.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS)) * 1000;
/** The temp folders of tasks, thumbnail batches and AI documents' indexing and copies (see task-runner, thumbnails, ai-index). */
const TMP_FOLDER = /^(task|thumbs|ai-index|ai-copy)-/;

/**
 * Deletes every stored file whose retention has passed and marks its row deleted; a task whose
 * files are all gone is marked deleted too (the history shows it as such). Temp folders left by
 * killed workers go too.
 */
export async function sweepExpiredFiles(deps: Deps): Promise<number> {
  let removed = 0;
  for (;;) {
    const due = await deps.db.file.findMany({
      where: { expiresAt: { lte: deps.now() }, deletedAt: null },
      select: { id: true, storageKey: true, taskId: true, pages: true },
      take: BATCH,
    });
    if (due.length === 0) break;
    for (const f of due) {
      await deps.store.remove(f.storageKey);
      for (let p = 1; p <= (f.pages ?? 0); p++) await deps.store.remove(thumbKey(f.storageKey, p));
    }
    await deps.db.file.updateMany({ where: { id: { in: due.map((f) => f.id) } }, data: { deletedAt: deps.now() } });
    const taskIds = [...new Set(due.map((f) => f.taskId).filter((id): id is string => id !== null))];
    if (taskIds.length) {
      await deps.db.task.updateMany({ where: { id: { in: taskIds }, deletedAt: null }, data: { deletedAt: deps.now() } });
    }
    removed += due.length;
    if (due.length < BATCH) break;
  }
  const aiDocuments = await sweepVisitorAiDocuments(deps);
  const staleFolders = await removeStaleTmpFolders(deps);
  if (removed || aiDocuments || staleFolders) log.info('retention sweep', { removed, aiDocuments, staleFolders });
  return removed;
}

/** Deletes visitors' AI documents older than VISITOR_AI_DOCUMENT_DAYS: their copy, passages and conversation. */
async function sweepVisitorAiDocuments(deps: Deps): Promise<number> {
  const cutoff = new Date(deps.now().getTime() - VISITOR_AI_DOCUMENT_DAYS * 86_400_000);
  let removed = 0;
  for (;;) {
    const due = await deps.db.aiDocument.findMany({ where: { userId: null, createdAt: { lte: cutoff } }, select: { id: true, storageKey: true }, take: BATCH });
    for (const doc of due) if (doc.storageKey) await deps.store.remove(doc.storageKey);
    await deps.db.aiDocument.deleteMany({ where: { id: { in: due.map((d) => d.id) } } });
    removed += due.length;
    if (due.length < BATCH) return removed;
  }
}

/** Removes the temp folders last changed more than STALE_TMP_AFTER_MS ago; returns how many. */
async function removeStaleTmpFolders(deps: Deps): Promise<number> {
  const cutoff = deps.now().getTime() - STALE_TMP_AFTER_MS;
  const entries = await fs.readdir(deps.env.tmpDir, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    if (!entry.isDirectory() || !TMP_FOLDER.test(entry.name)) continue;
    const folder = path.join(deps.env.tmpDir, entry.name);
    // A folder's mtime is never before its creation: one this old was made before any running task began.
    const stat = await fs.stat(folder).catch(() => undefined);
    if (!stat || stat.mtimeMs > cutoff) continue;
    await fs.rm(folder, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
