import type { Deps } from '#shared/server/deps';
import { thumbKey } from '#shared/server/jobs';
import { presentTask } from '#shared/task-answer';
import { isGone } from './file-service';

export type HistoryStatus = 'successful' | 'failed' | 'processing' | 'deleted';

/** A signed-in user's tasks, newest first, with what the history page shows and can do. */
export async function listHistory(deps: Deps, userId: string, pageNum: number, pageSize: number) {
  const where = { userId, removedAt: null };
  const [total, tasks] = await Promise.all([
    deps.db.task.count({ where }),
    deps.db.task.findMany({
      where,
      orderBy: { createdAt: 'desc' },
      skip: (pageNum - 1) * pageSize,
      take: pageSize,
      include: { outputs: { orderBy: { createdAt: 'asc' } } },
    }),
  ]);
  const list = tasks.map((t) => {
    // Past retention the files are no longer served, even before the sweep removes them.
    const gone = t.deletedAt !== null || (t.status === 'DONE' && t.outputs.some((o) => isGone(deps, o)));
    const status: HistoryStatus = gone ? 'deleted' : t.status === 'DONE' ? 'successful' : t.status === 'FAILED' ? 'failed' : 'processing';
    const { result } = presentTask(t);
    return {
      id: t.id,
      date: t.createdAt.toISOString(),
      name: t.name,
      tool: t.tool,
      status,
      ...(status === 'successful' ? { fileurl: result.fileurl, pdfurls: result.pdfurls, imageurls: result.imageurls, zipurl: result.zipurl, filesize: result.filesize } : {}),
      // Why it failed, in the catalogue's words: the page shows it in the reader's language.
      ...(status === 'failed' ? { errorCode: result.errorCode, message: result.message } : {}),
    };
  });
  return { total, pageNum, pageSize, list };
}

/**
 * Removes tasks from the user's history and deletes their files now rather than at expiry: the
 * outputs, and the user's inputs the tasks were made from (with any page thumbnails of either).
 */
export async function deleteHistory(deps: Deps, userId: string, ids: string[]) {
  const tasks = await deps.db.task.findMany({ where: { id: { in: ids }, userId, removedAt: null }, select: { id: true, inputTokens: true } });
  const taskIds = tasks.map((t) => t.id);
  const files = await deps.db.file.findMany({
    where: { deletedAt: null, OR: [{ taskId: { in: taskIds } }, { token: { in: tasks.flatMap((t) => t.inputTokens) }, role: 'INPUT', userId }] },
    select: { id: true, storageKey: true, pages: true },
  });
  for (const f of files) {
    await deps.store.remove(f.storageKey);
    for (let p = 1; p <= (f.pages ?? 0); p++) await deps.store.remove(thumbKey(f.storageKey, p));
  }
  await deps.db.$transaction([
    deps.db.file.updateMany({ where: { id: { in: files.map((f) => f.id) } }, data: { deletedAt: deps.now() } }),
    deps.db.task.updateMany({ where: { id: { in: taskIds } }, data: { removedAt: deps.now() } }),
  ]);
  return taskIds.length;
}
