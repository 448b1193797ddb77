import fs from 'node:fs/promises';
import path from 'node:path';
import { UnrecoverableError, type Job } from 'bullmq';
import { chunkPages } from '#shared/ai/chunks';
import { AppError, isAppError } from '#shared/errors';
import { sniffKind } from '#shared/file-kinds';
import type { Deps } from '#shared/server/deps';
import type { AiIndexJob } from '#shared/server/jobs';
import { queueNextOfOwner } from '#shared/server/ai-index-queue';
import { log } from '#shared/server/logger';
import { aiIndexDuration, aiIndexed } from '#shared/server/metrics';
import { readHead } from '#shared/server/read-head';
import type { TaskHosts } from '../sandbox/host-pool';
import { READ_DOCUMENT } from '../sandbox/protocol';
import type { DocumentText } from '../ai/read-document';

/** Longest a document's reading may take (a long scan is OCR'd page by page); within the retention sweep's idea of a live temp folder. */
const INDEX_TIMEOUT_MS = 15 * 60_000;
/** A page's OCR reports progress as it goes: this long without any is a page too complex to read. */
const INDEX_STALL_MS = 4 * 60_000;
/** Progress is written each 5 points, or each second when it moves more slowly. */
const PROGRESS_STEP = 5;
const PROGRESS_EVERY_MS = 1000;
/** How often a running job looks whether its document still exists: a deleted one stops within about this long. */
const CANCEL_POLL_MS = 1000;

/**
 * The ai-index queue's handler: a user error (a damaged PDF, no text) fails the document at once,
 * anything else (a worker that died, a full disk) is tried again until the job's last attempt. A
 * document deleted while it is read (by its owner, or with their account) stops the reading within
 * about a second and the job ends, freeing its slot. However it ends, the owner's next document
 * is queued (ai-index-queue.ts).
 */
export async function runIndexJob(deps: Deps, hosts: TaskHosts, job: Job<AiIndexJob>): Promise<void> {
  const { documentId, owner } = job.data;
  const deleted = watchForDeletion(deps, documentId);
  try {
    await indexDocument(deps, hosts, documentId, deleted.signal);
  } catch (e) {
    if (deleted.signal.aborted || !(await deps.db.aiDocument.count({ where: { documentId } }))) {
      log.info('AI indexing stopped: the document was deleted', { documentId });
      aiIndexed.inc({ outcome: 'cancelled' });
      return;
    }
    const lastAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    if (isAppError(e) || lastAttempt) {
      await failDocument(deps, job.data.documentId, e);
      throw new UnrecoverableError(e instanceof Error ? e.message : String(e));
    }
    log.warn('AI indexing crashed, will retry', { documentId, error: String(e) });
    throw e;
  } finally {
    deleted.stop();
    // Jobs queued before owners took turns carry no owner: their documents each have a job already.
    if (owner) await queueNextOfOwner(deps, owner);
  }
}

/** Aborts when the document's row is gone; a poll, as a deletion may come from any api process (or the account's). */
function watchForDeletion(deps: Deps, documentId: string): { signal: AbortSignal; stop(): void } {
  const controller = new AbortController();
  const timer = setInterval(() => {
    deps.db.aiDocument
      .count({ where: { documentId } })
      .then((n) => n === 0 && controller.abort())
      .catch(() => undefined);
  }, CANCEL_POLL_MS);
  return { signal: controller.signal, stop: () => clearInterval(timer) };
}

/**
 * Indexes one AI document: its own copy is read in an indexing host (text page by page, OCR where
 * a page has none), cut into passages that each keep their physical page, and stored as AiChunk
 * rows with the outline; the document is then ready. A document with no readable text fails with
 * AI_NO_TEXT: it is never indexed as empty.
 */
export async function indexDocument(deps: Deps, hosts: TaskHosts, documentId: string, signal: AbortSignal): Promise<void> {
  const doc = await deps.db.aiDocument.findUnique({ where: { documentId } });
  // Deleted while queued, or done by an earlier attempt.
  if (!doc || !doc.storageKey || doc.status !== 'indexing') return;
  const workDir = await fs.mkdtemp(path.join(deps.env.tmpDir, 'ai-index-'));
  const started = performance.now();
  try {
    const local = path.join(workDir, 'document');
    await deps.store.copyToPath(doc.storageKey, local);
    const kind = sniffKind(await readHead(local), doc.title);
    if (!kind) throw new AppError('UNSUPPORTED_TYPE', `AI document ${documentId}`);

    let shown = doc.progress;
    let shownAt = 0;
    const progress = async (fraction: number) => {
      const value = Math.max(0, Math.min(99, Math.floor(fraction * 100)));
      if (value <= shown || (value < shown + PROGRESS_STEP && Date.now() - shownAt < PROGRESS_EVERY_MS)) return;
      shown = value;
      shownAt = Date.now();
      await deps.db.aiDocument.updateMany({ where: { documentId, status: 'indexing' }, data: { progress: value } });
    };
    const result = await hosts.run(
      { tool: READ_DOCUMENT, inputs: [{ path: local, name: doc.title, kind }], options: {}, workDir },
      { timeoutMs: INDEX_TIMEOUT_MS, stallMs: INDEX_STALL_MS, onProgress: progress, signal },
    );
    const text = JSON.parse(await fs.readFile(result.outputs[0].path, 'utf8')) as DocumentText;
    const chunks = chunkPages(text.pages);
    if (chunks.length === 0) throw new AppError('AI_NO_TEXT', `AI document ${documentId}: no text in ${text.pages.length} pages`);

    await deps.db.$transaction([
      // An earlier attempt that died between its writes leaves nothing behind.
      deps.db.aiChunk.deleteMany({ where: { documentId: doc.id } }),
      deps.db.aiChunk.createMany({ data: chunks.map((c) => ({ documentId: doc.id, ordinal: c.ordinal, page: c.page, position: c.offset, text: c.text })) }),
      deps.db.aiDocument.update({
        where: { id: doc.id },
        data: { status: 'ready', progress: 100, pages: text.pages.length, ocrPages: text.ocrPages, outline: text.outline as object[], error: null },
      }),
    ]);
    log.info('AI document indexed', { documentId, pages: text.pages.length, ocrPages: text.ocrPages, chunks: chunks.length });
    aiIndexed.inc({ outcome: 'done' });
    aiIndexDuration.observe((performance.now() - started) / 1000);
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

/** Marks a document failed with its catalogue code (a crash is TASK_FAILED). */
async function failDocument(deps: Deps, documentId: string, error: unknown) {
  const code = isAppError(error) ? error.code : 'TASK_FAILED';
  log.warn('AI indexing failed', { documentId, code, detail: isAppError(error) ? error.detail : String(error) });
  const { count } = await deps.db.aiDocument.updateMany({ where: { documentId, status: 'indexing' }, data: { status: 'failed', error: code } });
  if (count > 0) aiIndexed.inc({ outcome: 'failed' });
}
