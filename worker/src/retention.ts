import type { Deps } from '../../shared/src/server/deps';
import { thumbKey } from '../../shared/src/server/jobs';
import { log } from '../../shared/src/server/logger';

const BATCH = 500;

/**
 * Deletes every stored file whose retention has passed and marks its row deleted; a task whose
 * files are all gone is marked deleted too (the history shows it as such).
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
  if (removed) log.info('retention sweep', { removed });
  return removed;
}
