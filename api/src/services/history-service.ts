import type { Deps } from '../../../shared/src/server/deps';
import { presentTask } from '../presenters/task-presenter';

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
    const status: HistoryStatus = t.deletedAt ? 'deleted' : t.status === 'DONE' ? 'successful' : t.status === 'FAILED' ? 'failed' : 'processing';
    const { result } = presentTask(t);
    return {
      id: t.id,
      date: t.createdAt.toISOString(),
      name: t.name,
      tool: t.tool,
      status,
      ...(status === 'successful' ? { fileurl: result.fileurl, pdfurls: result.pdfurls, imageurls: result.imageurls, zipurl: result.zipurl, filesize: result.filesize } : {}),
    };
  });
  return { total, pageNum, pageSize, list };
}

/** Removes tasks from the user's history and deletes their files now rather than at expiry. */
export async function deleteHistory(deps: Deps, userId: string, ids: string[]) {
  const tasks = await deps.db.task.findMany({ where: { id: { in: ids }, userId, removedAt: null }, include: { outputs: true } });
  for (const t of tasks) for (const o of t.outputs) if (!o.deletedAt) await deps.store.remove(o.storageKey);
  const taskIds = tasks.map((t) => t.id);
  await deps.db.$transaction([
    deps.db.file.updateMany({ where: { taskId: { in: taskIds }, deletedAt: null }, data: { deletedAt: deps.now() } }),
    deps.db.task.updateMany({ where: { id: { in: taskIds } }, data: { removedAt: deps.now() } }),
  ]);
  return taskIds.length;
}
