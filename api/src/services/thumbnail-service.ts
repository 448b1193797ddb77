import type { Readable } from 'node:stream';
import { AppError, ERRORS, type ErrorCode } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { THUMB_BATCH, thumbKey } from '#shared/server/jobs';
import type { Requester } from '../middleware/requester';
import { assertMayDownload, toolsOfOutput } from './download-service';
import { findOwnedFile } from './file-service';

const WAIT_MS = 30_000;
/** One wait per batch job: a grid asks for a dozen pages of the same batch at once. */
const waits = new Map<string, Promise<unknown>>();

/**
 * A page's thumbnail, for whoever may see the file (an output: whoever may download it): from the
 * cache when it was rendered before, otherwise rendered by a worker (in a batch with the pages after
 * it) while this request waits.
 */
export async function thumbnail(deps: Deps, who: Requester, token: string, page: number): Promise<Readable> {
  const file = await findOwnedFile(deps, who, token);
  // A result's pages show what downloading it would give, so the same rule applies; one's own uploads stay visible.
  if (file.role === 'OUTPUT') await assertMayDownload(deps, who, await toolsOfOutput(deps, file));
  if (file.kind !== 'pdf') throw new AppError('UNSUPPORTED_TYPE', `thumbnail of ${file.kind}`);
  if (file.pages !== null && page > file.pages) throw new AppError('NOT_FOUND', `page ${page} of ${file.pages}`);
  const key = thumbKey(file.storageKey, page);
  if (!(await cached(deps, key))) {
    const from = Math.floor((page - 1) / THUMB_BATCH) * THUMB_BATCH + 1;
    const jobId = `thumb-${file.storageKey}-${from}`;
    let wait = waits.get(jobId);
    if (!wait) {
      wait = deps.thumbs
        .add('render', { fileId: file.id, storageKey: file.storageKey, from, to: from + THUMB_BATCH - 1 }, { jobId, removeOnComplete: { age: 30 }, removeOnFail: { age: 30 } })
        .then((job) => job.waitUntilFinished(deps.thumbEvents, WAIT_MS))
        .finally(() => waits.delete(jobId));
      waits.set(jobId, wait);
    }
    try {
      await wait;
    } catch (e) {
      // The worker reports user errors by their code (PDF_ENCRYPTED, PDF_DAMAGED).
      const code = (e instanceof Error ? e.message : '') as ErrorCode;
      if (code in ERRORS) throw new AppError(code, `thumbnail page ${page}`);
      // Still rendering after the wait (a busy worker): the page can be asked for again.
      if (!(await cached(deps, key))) throw new AppError('UNAVAILABLE', `thumbnail job: ${String(e)}`);
    }
    if (!(await cached(deps, key))) throw new AppError('NOT_FOUND', `page ${page} past the end`);
  }
  return deps.store.read(key);
}

const cached = (deps: Deps, key: string) => deps.store.size(key).then(() => true, () => false);
