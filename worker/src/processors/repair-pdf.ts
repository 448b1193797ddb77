import { mkdtemp, open, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError, isAppError } from '#shared/errors';
import repairTool from '#shared/tools/repair-pdf';
import * as gs from '../engines/ghostscript';
import * as qpdf from '../engines/qpdf';
import { extractText } from '../engines/poppler';
import { fileStem, singleInput } from '../inputs/pdf-input';
import { defineProcessor } from '../contract/processor';

/**
 * Rebuilds a damaged PDF. qpdf reconstructs the cross-reference table from the objects themselves;
 * a file cut before its trailer gets one written for it, naming the catalog found in what is left.
 * Pages whose content qpdf cannot decode are taken from Ghostscript's rewrite of the file, which
 * reads what it can of each page — when that rewrite still reads every word the damaged page showed
 * (pdfwrite re-encodes fonts). Every other page is qpdf's copy, byte for byte. A file in which no
 * page can be found is refused with PDF_UNRECOVERABLE.
 */
const repairPdf = defineProcessor(repairTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'repair-'));
  if (await qpdf.isPasswordRequired(input.path, ctx.signal)) throw new AppError('PDF_ENCRYPTED', `${input.name} needs a password`);
  // Ghostscript would read anything else as PostScript, and draw a page from nothing.
  if (!(await looksLikePdf(input.path))) throw new AppError('PDF_UNRECOVERABLE', `${input.name}: no PDF header`);
  const before = await qpdf.check(input.path, ctx.signal);
  await ctx.progress(0.1);

  const rebuilt = path.join(dir, 'rebuilt.pdf');
  const reconstructed = (await reconstructInto(input.path, rebuilt, dir, ctx.signal)) && (await qpdf.pageObjects(rebuilt, ctx.signal)).length > 0;
  await ctx.progress(0.4);
  // Nothing qpdf could read: Ghostscript's own reading of the file is the last chance.
  const base = reconstructed ? rebuilt : await ghostscriptCopy(input.path, dir, ctx.signal);
  const pages = await qpdf.pageObjects(base, ctx.signal);
  if (pages.length === 0) throw new AppError('PDF_UNRECOVERABLE', `${input.name}: no page found`);

  let output = base;
  let broken = await unreadablePages(base, pages, ctx.signal);
  if (broken.length > 0 && reconstructed) {
    const mended = await mendPages(base, broken, dir, ctx.signal);
    output = mended.file;
    broken = mended.broken;
  }
  await ctx.progress(0.9);
  if (broken.length === pages.length) throw new AppError('PDF_UNRECOVERABLE', `${input.name}: none of ${pages.length} pages reads`);
  const notice = broken.length > 0 ? 'REPAIRED_SOME_PAGES' : before.code === 0 ? 'NOTHING_TO_REPAIR' : 'REPAIRED';
  return { outputs: [{ path: output, name: `${fileStem(input.name)}-repaired.pdf` }], notice, noticeParams: { recovered: pages.length - broken.length, found: pages.length } };
});

/** qpdf's reconstruction, retried with a trailer of our own when the file has none left; false when neither opens. */
async function reconstructInto(input: string, output: string, dir: string, signal: AbortSignal): Promise<boolean> {
  try {
    await qpdf.reconstruct(input, output, signal);
    return true;
  } catch (e) {
    if (!isAppError(e) || e.code !== 'PDF_DAMAGED') throw e;
  }
  const withTrailer = await appendTrailer(input, path.join(dir, 'with-trailer.pdf'));
  if (!withTrailer) return false;
  try {
    await qpdf.reconstruct(withTrailer, output, signal);
    return true;
  } catch (e) {
    if (!isAppError(e) || e.code !== 'PDF_DAMAGED') throw e;
    return false;
  }
}

/** Readers accept the header anywhere in the first kilobyte (after a mail header, say). */
async function looksLikePdf(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024), 0, 1024, 0);
    return buffer.subarray(0, bytesRead).includes('%PDF-');
  } finally {
    await handle.close();
  }
}

/** "12 0 obj << ... /Type /Catalog": the catalog's object, found by reading the bytes themselves. */
const CATALOG = /(\d+)\s+(\d+)\s+obj\s*<<(?:(?!endobj)[\s\S]){0,4000}?\/Type\s*\/Catalog\b/;
const OBJECT = /(\d+)\s+\d+\s+obj\b/g;

/**
 * A copy of a file cut before its trailer (a download that stopped, a disk that filled up) with a
 * trailer appended that names its catalog: qpdf rebuilds everything else from the objects, but
 * needs a trailer to start from. Undefined when no catalog is left in the bytes.
 */
async function appendTrailer(input: string, target: string): Promise<string | undefined> {
  const bytes = await readFile(input);
  const text = bytes.toString('latin1');
  const catalog = CATALOG.exec(text);
  if (!catalog) return undefined;
  let size = 0;
  for (const m of text.matchAll(OBJECT)) size = Math.max(size, Number(m[1]) + 1);
  await writeFile(target, Buffer.concat([bytes, Buffer.from(`\ntrailer\n<< /Size ${size} /Root ${catalog[1]} ${catalog[2]} R >>\n`, 'latin1')]));
  return target;
}

/** Ghostscript's rewrite of a file qpdf cannot open, normalised by qpdf; PDF_UNRECOVERABLE when Ghostscript finds nothing either. */
async function ghostscriptCopy(input: string, dir: string, signal: AbortSignal): Promise<string> {
  const written = path.join(dir, 'gs.pdf');
  const normalised = path.join(dir, 'gs-rebuilt.pdf');
  await gs.rewrite(input, written, signal);
  await qpdf.reconstruct(written, normalised, signal).catch((e: unknown) => {
    throw isAppError(e) && e.code === 'PDF_DAMAGED' ? new AppError('PDF_UNRECOVERABLE', e.detail) : e;
  });
  return normalised;
}

/**
 * Pages (1-based) with a content stream or an image `qpdf --check` cannot decode: what shows of
 * them is cut short, or missing.
 */
async function unreadablePages(file: string, pages: readonly qpdf.PageObject[], signal: AbortSignal): Promise<number[]> {
  const { code, messages } = await qpdf.check(file, signal);
  if (code === 0) return [];
  const bad = new Set([...messages.matchAll(/error decoding stream data for object (\d+) (\d+)|stream (\d+) (\d+) \(content/g)].map((m) => `${m[1] ?? m[3]} ${m[2] ?? m[4]} R`));
  // A stream that decodes but whose operators do not parse is reported by page.
  const badPages = new Set([...messages.matchAll(/^ERROR: page (\d+): content stream/gm)].map((m) => Number(m[1])));
  return pages.flatMap((page, i) =>
    badPages.has(i + 1) || [...page.contents, ...page.images.map((image) => image.object)].some((ref) => bad.has(ref)) ? [i + 1] : [],
  );
}

/**
 * The damaged pages taken from Ghostscript's rewrite where it reads them whole and keeps every word
 * qpdf's copy showed; the rest of the document stays qpdf's. Returns the file and the pages still
 * unreadable.
 */
async function mendPages(base: string, broken: number[], dir: string, signal: AbortSignal): Promise<{ file: string; broken: number[] }> {
  let rewritten: string;
  try {
    rewritten = await ghostscriptCopy(base, dir, signal);
  } catch (e) {
    if (isAppError(e) && e.code === 'PDF_UNRECOVERABLE') return { file: base, broken };
    throw e;
  }
  const rewrittenPages = await qpdf.pageObjects(rewritten, signal);
  // Pages can only be swapped one for one.
  if (rewrittenPages.length !== (await qpdf.pageObjects(base, signal)).length) return { file: base, broken };
  const stillBroken = new Set(await unreadablePages(rewritten, rewrittenPages, signal));
  const taken: number[] = [];
  for (const page of broken) {
    if (stillBroken.has(page)) continue;
    const [was, now] = await Promise.all([extractText(base, { firstPage: page, lastPage: page, signal }), extractText(rewritten, { firstPage: page, lastPage: page, signal })]);
    const kept = wordsOf(now);
    if ([...wordsOf(was)].every((w) => kept.has(w))) taken.push(page);
  }
  if (taken.length === 0) return { file: base, broken };
  const runs = Array.from({ length: rewrittenPages.length }, (_, i) => i + 1).map((page) =>
    taken.includes(page) ? { file: rewritten, range: String(page) } : { file: base, range: String(page) },
  );
  const mended = path.join(dir, 'mended.pdf');
  await qpdf.selectPages(base, runs, mended, { signal });
  return { file: mended, broken: broken.filter((page) => !taken.includes(page)) };
}

/** Words of three letters or more: what a reader can search for on the page. */
function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/\p{L}{3,}/gu) ?? []);
}

export default repairPdf;
