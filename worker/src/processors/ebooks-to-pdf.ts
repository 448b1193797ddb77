import { copyFile, mkdtemp, stat } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { AppError } from '#shared/errors';
import type { FileKind } from '#shared/file-kinds';
import ebooksTool from '#shared/tools/ebooks-to-pdf';
import { mapLimit } from '#shared/map-limit';
import { checkZip } from '../engines/archive-guard';
import { comicToPdf } from '../ebooks/comic';
import { drmMarker } from '../ebooks/drm';
import { ebookToPdf } from '../engines/calibre';
import { fileStem } from '../inputs/pdf-input';
import { sniffInput } from '../inputs/sniff-input';
import { defineProcessor, type InputFile, type ProcessorContext } from '../contract/processor';

type EbookOptions = z.output<typeof ebooksTool.options>;

const COMIC_KINDS = new Set<FileKind>(['cbz', 'cbr', 'cb7']);
/** The extension calibre must see to pick its input plugin (PalmDOC .pdb is read by the MOBI plugin). */
const CALIBRE_EXTENSION: Partial<Record<FileKind, string>> = { epub: 'epub', mobi: 'mobi', azw: 'azw', azw3: 'azw3', fb2: 'fb2', chm: 'chm', rb: 'rb' };
/** Time limit per book; calibre takes a few seconds for a novel, a minute for a large illustrated one. */
const BOOK_TIMEOUT_MS = 150_000;
/** calibre renders with a whole Chromium (QtWebEngine): two at a time is plenty for one task. */
const BOOKS_AT_ONCE = 2;

/** Every eBook becomes its own PDF, named after the book. */
const ebooksToPdf = defineProcessor(ebooksTool, async (ctx) => {
  if (ctx.inputs.length === 0) throw new AppError('ILLEGAL_INPUT', 'no eBook');
  const names = uniqueNames(ctx.inputs.map((input) => fileStem(input.name)));
  let finished = 0;
  await ctx.progress(0.02);
  const outputs = await mapLimit(ctx.inputs, BOOKS_AT_ONCE, async (input, i) => {
    const book = { ...input, kind: await sniffInput(input, ebooksTool.accepts) };
    const dir = await mkdtemp(path.join(ctx.workDir, `book-${i + 1}-`));
    const pdf = COMIC_KINDS.has(book.kind) ? await comicToPdf(book, dir, ctx.signal) : await bookToPdf(book, dir, ctx);
    await ctx.progress(0.02 + (0.98 * ++finished) / ctx.inputs.length);
    return { path: pdf, name: names[i] };
  });
  return { outputs };
});

async function bookToPdf(input: InputFile, dir: string, ctx: ProcessorContext<EbookOptions>): Promise<string> {
  const extension = CALIBRE_EXTENSION[input.kind];
  if (!extension) throw new AppError('UNSUPPORTED_TYPE', `${input.name}: ${input.kind}`);
  // EPUB is a ZIP: refuse a decompression bomb before calibre unpacks it.
  const zip = input.kind === 'epub' ? await checkZip(input.path, { damagedCode: 'EBOOK_DAMAGED' }) : undefined;
  const drm = await drmMarker(input, zip);
  if (drm) throw new AppError('EBOOK_DRM', `${input.name}: ${drm}`);

  const source = path.join(dir, `book.${extension}`);
  const output = path.join(dir, 'book.pdf');
  await copyFile(input.path, source);
  await ebookToPdf(source, output, {
    paper: ctx.options.pagesize,
    pageNumbers: ctx.options.pagenumbers,
    scratchDir: path.join(dir, 'calibre'),
    timeoutMs: BOOK_TIMEOUT_MS,
    signal: ctx.signal,
  });
  const written = await stat(output).catch(() => null);
  if (!written?.size) throw new AppError('EBOOK_DAMAGED', `${input.name}: calibre wrote no PDF`);
  return output;
}

/** Download names, one per book; a repeated name gets "-2", "-3"… so the zip keeps every file. */
function uniqueNames(stems: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return stems.map((stem) => {
    const n = (seen.get(stem) ?? 0) + 1;
    seen.set(stem, n);
    return `${stem}${n > 1 ? `-${n}` : ''}.pdf`;
  });
}

export default ebooksToPdf;
