import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError, isAppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { THUMB_WIDTH, thumbKey, type ThumbJob } from '#shared/server/jobs';
import * as qpdf from '../engines/qpdf';
import { runEngine } from '../engines/run';

/** A page taller than this many times its width is cut there: a ribbon of a page still gets a picture. */
const MAX_THUMB_ASPECT = 4;
/** Memory of each engine call: thumbnails are small, whatever the page. */
const THUMB_ENGINE_MB = 1024;
/** Well inside the api's wait for a thumbnail: a page that takes longer (a picture of billions of pixels) is too complex. */
const RENDER_TIMEOUT_MS = 20_000;

/**
 * Renders a batch of page thumbnails with poppler and caches them beside the file. Records the
 * page count on the file row, so the api can answer a page past the end without a job.
 */
export async function renderThumbnails(deps: Deps, job: ThumbJob): Promise<{ pages: number }> {
  const dir = await fs.mkdtemp(path.join(deps.env.tmpDir, 'thumbs-'));
  try {
    const source = path.join(dir, 'source.pdf');
    await deps.store.copyToPath(job.storageKey, source);
    if (await qpdf.isPasswordRequired(source)) throw new AppError('PDF_ENCRYPTED', 'thumbnail of an encrypted file');
    const pages = await qpdf.pageCount(source);
    await deps.db.file.update({ where: { id: job.fileId }, data: { pages } });
    const last = Math.min(job.to, pages);
    if (job.from > last) return { pages };

    await renderWithin(
      'pdftoppm',
      // -H crops the rendering (poppler allocates only the crop): a 1 × 14400 pt page is not a 200 × 2.9 million pixel bitmap.
      ['-jpeg', '-jpegopt', 'quality=80', '-scale-to-x', String(THUMB_WIDTH), '-scale-to-y', '-1', '-H', String(THUMB_WIDTH * MAX_THUMB_ASPECT)]
        .concat(['-f', String(job.from), '-l', String(last), source, path.join(dir, 'p')]),
      { timeoutMs: RENDER_TIMEOUT_MS, errorCode: 'PDF_DAMAGED', memoryMb: THUMB_ENGINE_MB },
    );
    // pdftoppm pads page numbers to the width of the last page number: p-007.jpg.
    for (const name of await fs.readdir(dir)) {
      const m = /^p-(\d+)\.jpg$/.exec(name);
      if (m) await deps.store.putFromPath(thumbKey(job.storageKey, Number(m[1])), path.join(dir, name));
    }
    return { pages };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** pdftoppm, whose running out of time means the page, not the machine, is the problem. */
async function renderWithin(command: string, args: string[], opts: Parameters<typeof runEngine>[2]) {
  try {
    return await runEngine(command, args, opts);
  } catch (e) {
    if (isAppError(e) && e.code === 'TASK_FAILED' && /timed out/.test(e.detail ?? '')) throw new AppError('FILE_TOO_COMPLEX', `thumbnail: ${e.detail}`);
    throw e;
  }
}
