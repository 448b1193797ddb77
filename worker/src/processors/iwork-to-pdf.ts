import { createWriteStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import archiver from 'archiver';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { AppError, isAppError } from '#shared/errors';
import iworkTool from '#shared/tools/iwork-to-pdf';
import { listZip, readZipEntry } from '../engines/archive-guard';
import * as poppler from '../engines/poppler';
import * as qpdf from '../engines/qpdf';
import { convertOffice, officeWorkDir, prepareOfficeInput, type OfficeSource } from '../inputs/office-input';
import { fileStem } from '../inputs/pdf-input';
import { defineProcessor } from '../contract/processor';

/** Previews an iWork package may carry, best first: iWork '09 stores a full PDF, later versions a JPEG of the first page. */
const PREVIEW_PDF = 'QuickLook/Preview.pdf';
const PREVIEW_IMAGES = ['preview.jpg', 'QuickLook/Thumbnail.jpg'];
const MAX_PREVIEW_BYTES = 100 * 1024 * 1024;
/**
 * A password-protected iWork package carries a password verifier (and often a hint) beside its
 * encrypted content. Neither LibreOffice nor a preview can help then: the user must remove it.
 */
const PASSWORD_ENTRIES = new Set(['.iwpv2', '.iwph']);
/** Pages looked at to decide whether an import came out blank, and the resolution they are looked at. */
const BLANK_CHECK_PAGES = 3;
const BLANK_CHECK_DPI = 12;
/** A4 in points: image previews are fitted to it. */
const A4_LONG = 842;
const A4_SHORT = 595;

/**
 * A package bundle that travelled zipped ("Deck.key/index.apxl.gz"...) is repacked with its
 * folder as the root, where LibreOffice and the preview lookup expect the package's files.
 * The entries were counted and sized by the archive guard already.
 */
async function flattenBundle(source: OfficeSource, dir: string): Promise<OfficeSource> {
  const entries = source.zip?.entries ?? [];
  const top = /^[^/]+\.(pages|numbers|key)\//i.exec(entries[0]?.name ?? '')?.[0];
  if (!top || !entries.every((e) => e.name.startsWith(top) || e.name.startsWith('__MACOSX/'))) return source;
  const flat = path.join(dir, `flat.${source.kind}`);
  const archive = archiver('zip', { store: true });
  const written = once(archive.pipe(createWriteStream(flat)), 'close');
  for (const entry of entries) {
    if (entry.directory || !entry.name.startsWith(top)) continue;
    const data = await readZipEntry(source.path, source.zip!, entry.name, entry.uncompressedSize);
    if (data) archive.append(data, { name: entry.name.slice(top.length) });
  }
  await archive.finalize();
  await written;
  return { ...source, path: flat, zip: await listZip(flat) };
}

/**
 * libetonyek (LibreOffice's iWork import) reads some versions of each format well and others not
 * at all, in which case it often "succeeds" with empty pages. So the import counts only when a page
 * shows something.
 */
async function isBlank(pdf: string, pages: number, dir: string, signal: AbortSignal): Promise<boolean> {
  for (let page = 1; page <= Math.min(pages, BLANK_CHECK_PAGES); page++) {
    const pgm = await readFile(await poppler.renderPage(pdf, path.join(dir, `blank-check-${page}`), { page, dpi: BLANK_CHECK_DPI, format: 'gray', signal }));
    const header = /^P5\s+\d+\s+\d+\s+255\s/.exec(pgm.subarray(0, 64).toString('latin1'));
    if (!header) return false;
    if (pgm.subarray(header[0].length).some((v) => v < 250)) return false;
  }
  return true;
}

/** The preview stored in the package as a PDF of its own, or null when it has none that opens. */
async function previewPdf(source: OfficeSource, dir: string, signal: AbortSignal): Promise<string | null> {
  if (!source.zip) return null;
  const stored = await readZipEntry(source.path, source.zip, PREVIEW_PDF, MAX_PREVIEW_BYTES);
  if (stored) {
    const raw = path.join(dir, 'preview-stored.pdf');
    const target = path.join(dir, 'preview.pdf');
    await writeFile(raw, stored);
    try {
      await qpdf.rewriteRepaired(raw, target, signal);
      if ((await qpdf.pageCount(target, signal)) > 0) return target;
    } catch {
      // Fall through to the image previews.
    }
  }
  for (const name of PREVIEW_IMAGES) {
    const image = await readZipEntry(source.path, source.zip, name, MAX_PREVIEW_BYTES);
    if (!image) continue;
    try {
      const { width, height } = await sharp(image).metadata();
      if (!width || !height) continue;
      const doc = await PDFDocument.create();
      const jpeg = await doc.embedJpg(await sharp(image).jpeg({ quality: 90 }).toBuffer());
      const [pageW, pageH] = width >= height ? [A4_LONG, A4_SHORT] : [A4_SHORT, A4_LONG];
      const scale = Math.min(pageW / width, pageH / height);
      const page = doc.addPage([pageW, pageH]);
      page.drawImage(jpeg, { x: (pageW - width * scale) / 2, y: (pageH - height * scale) / 2, width: width * scale, height: height * scale });
      const target = path.join(dir, 'preview.pdf');
      await writeFile(target, await doc.save());
      return target;
    } catch {
      // Not an image sharp can read: try the next one.
    }
  }
  return null;
}

/**
 * Pages, Numbers and Keynote through LibreOffice's import; where that fails or comes out blank,
 * the preview Apple stores inside the package, with the IWORK_PREVIEW notice so the user knows it
 * is a picture of the document rather than a conversion.
 */
const iworkToPdf = defineProcessor(iworkTool, async (ctx) => {
  await ctx.progress(0.05);
  const dir = await officeWorkDir(ctx);
  const source = await flattenBundle(await prepareOfficeInput(ctx, iworkTool.accepts, dir), dir);
  if (source.zip?.entries.some((e) => PASSWORD_ENTRIES.has(e.name))) throw new AppError('OFFICE_PROTECTED', `${source.name}: iWork password verifier present`);
  await ctx.progress(0.2);
  let failure: AppError;
  try {
    const { output, pages } = await convertOffice(ctx, source);
    await ctx.progress(0.8);
    if (!(await isBlank(output.path, pages, dir, ctx.signal))) {
      await ctx.progress(0.95);
      return { outputs: [output] };
    }
    failure = new AppError('OFFICE_DAMAGED', `${source.name}: LibreOffice's import came out blank`);
  } catch (e) {
    if (!isAppError(e) || e.code !== 'OFFICE_DAMAGED') throw e;
    failure = e;
  }
  const preview = await previewPdf(source, dir, ctx.signal);
  if (!preview) throw failure;
  await ctx.progress(0.95);
  return { outputs: [{ path: preview, name: `${fileStem(source.name)}.pdf` }], notice: 'IWORK_PREVIEW' };
});

export default iworkToPdf;
