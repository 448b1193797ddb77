import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '#shared/errors';
import { compactPages, pagesIn, toQpdfRange } from '#shared/page-ranges';
import deleteTool from '#shared/tools/delete-pages';
import * as qpdf from '../engines/qpdf';
import { fileStem, readyForQpdf, singleInput } from '../inputs/pdf-input';
import { rebuildOutline } from '../engines/qpdf-outline';
import { resolveRanges } from './page-selection';
import { defineProcessor } from '../contract/processor';

/** Removes the chosen pages; bookmarks, links and form fields of the pages that stay are kept. */
const deletePages = defineProcessor(deleteTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'delete-'));
  const doc = await readyForQpdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  await ctx.progress(0.3);

  const removed = pagesIn(resolveRanges(ctx.options.pages, doc.pages));
  const kept = Array.from({ length: doc.pages }, (_, i) => i + 1).filter((p) => !removed.has(p));
  if (kept.length === 0) throw new AppError('CANNOT_DELETE_ALL', `all ${doc.pages} pages selected`);

  const output = path.join(dir, 'output.pdf');
  await qpdf.selectPages(doc.path, [{ file: doc.path, range: toQpdfRange(compactPages(kept)) }], output, { signal: ctx.signal });
  await ctx.progress(0.7);
  const position = new Map(kept.map((page, i) => [page, i + 1]));
  await rebuildOutline(output, [{ outlines: doc.outlines, positionOf: (page) => position.get(page) }], ctx.signal);
  return { outputs: [{ path: output, name: `${fileStem(input.name)}-pages-removed.pdf` }] };
});

export default deletePages;
