import type { Deps } from './deps';
import { TASK_JOB_OPTIONS, type AiIndexJob } from './jobs';

/** Whose documents share one place in the queue: a user's, or a visitor's not yet adopted by an account. */
export type AiDocumentOwner = AiIndexJob['owner'];

const ownerWhere = (owner: AiDocumentOwner) => (owner.userId ? { userId: owner.userId } : { userId: null, visitorId: owner.visitorId });

/**
 * Fair AI indexing. The ai-index queue holds at most one job per owner: their oldest document still
 * indexing. The next is queued when that one ends (ready, failed or deleted), by the job itself,
 * so it lands behind every other owner's job already waiting: owners take turns, round-robin.
 *
 * Why this is fair, and why this way: BullMQ takes jobs in order and an owner has one job in the
 * queue at most, so a document waits behind at most one document of each other owner, however
 * many those owners added; and with AI_INDEX_CONCURRENCY slots (2 or more) an owner holds one slot
 * at most, so one owner's long document never keeps another's waiting. Each document is bounded
 * besides (AI_MAX_PAGES, the indexing time limit). BullMQ's own per-group limits are in BullMQ Pro
 * only; a job that moved itself back when its owner was busy would make the queue spin.
 *
 * Idempotent (the job id is the document id), so the api adding a document and a worker ending one
 * may both call it at once. A document whose job ended while it still says indexing (a worker that
 * stalled too often) would hold its owner's turn for ever: it is failed here and the next one goes.
 */
export async function queueNextOfOwner(deps: Pick<Deps, 'db' | 'aiIndex'>, owner: AiDocumentOwner): Promise<void> {
  for (;;) {
    const next = await deps.db.aiDocument.findFirst({
      where: { ...ownerWhere(owner), status: 'indexing' },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { documentId: true },
    });
    if (!next) return;
    const job = await deps.aiIndex.getJob(next.documentId);
    const state = job ? await job.getState() : 'absent';
    if (state === 'completed' || state === 'failed') {
      await deps.db.aiDocument.updateMany({ where: { documentId: next.documentId, status: 'indexing' }, data: { status: 'failed', error: 'TASK_FAILED' } });
      continue;
    }
    const data: AiIndexJob = { documentId: next.documentId, owner: { userId: owner.userId, visitorId: owner.visitorId } };
    if (state === 'absent' || state === 'unknown') await deps.aiIndex.add('index', data, { ...TASK_JOB_OPTIONS, jobId: next.documentId });
    return;
  }
}
