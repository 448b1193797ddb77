import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '#shared/errors';
import { log } from '#shared/server/logger';
import mergeTool from '#shared/tools/merge-pdf';
import { mapLimit } from '#shared/map-limit';
import * as qpdf from '../engines/qpdf';
import { ENGINE_PARALLELISM } from '../engines/parallelism';
import { fileStem, readyForQpdf, type QpdfReadyPdf } from '../inputs/pdf-input';
import { writeOutline } from '../engines/qpdf-outline';
import { defineProcessor } from '../contract/processor';

/** Two or more PDFs, in the order the user chose, become one. */
const mergePdf = defineProcessor(mergeTool, async (ctx) => {
  if (ctx.inputs.length < 2) throw new AppError('TOO_FEW_FILES', `${ctx.inputs.length} input(s)`);
  const dir = await mkdtemp(path.join(ctx.workDir, 'merge-'));
  const output = path.join(dir, 'merged.pdf');

  // Most uploads are sound: their merge starts at once, beside the probes that check them, and is
  // the result when every input turns out to be usable as it is.
  const early = new AbortController();
  const stopEarly = () => early.abort(ctx.signal.reason);
  ctx.signal.addEventListener('abort', stopEarly, { once: true });
  const merged = qpdf
    .merge(
      ctx.inputs.map((input) => input.path),
      output,
      early.signal,
    )
    .then(
      () => true,
      () => false,
    );
  try {
    let ready = 0;
    // The probes leave a core to the merge: it is the longer of the two.
    const docs = await mapLimit(ctx.inputs, Math.max(1, ENGINE_PARALLELISM - 1), async (input, i) => {
      const doc = await readyForQpdf(input, path.join(dir, `input-${i + 1}.pdf`), ctx.signal);
      await ctx.progress((0.7 * ++ready) / ctx.inputs.length);
      return doc;
    });
    const asUploaded = docs.every((doc, i) => doc.path === ctx.inputs[i].path);
    if (!((await merged) && asUploaded)) {
      await qpdf.merge(
        docs.map((d) => d.path),
        output,
        ctx.signal,
      );
    }
    await ctx.progress(0.85);
    await keepBookmarks(docs, output, ctx.signal);
  } finally {
    stopEarly();
    ctx.signal.removeEventListener('abort', stopEarly);
    await merged;
  }
  await ctx.progress(0.95);
  return { outputs: [{ path: output, name: `${fileStem(ctx.inputs[0].name)}-merged.pdf` }] };
});

/** qpdf keeps no input's outline when it concatenates: each input's bookmarks are written back, shifted to its pages. */
async function keepBookmarks(docs: readonly QpdfReadyPdf[], output: string, signal: AbortSignal): Promise<void> {
  if (docs.every((doc) => doc.outlines.length === 0)) return;
  let pageOffset = 0;
  const placed = docs.map((doc) => {
    const at = { items: doc.outlines, pageOffset };
    pageOffset += doc.pages;
    return at;
  });
  // Bookmarks are a courtesy: a file pdf-lib cannot rewrite is still merged, without them.
  await writeOutline(output, placed).catch((error: unknown) => {
    if (signal.aborted) throw error;
    log.warn('merge: bookmarks not kept', { error: error instanceof Error ? error.message : String(error) });
  });
}

export default mergePdf;
