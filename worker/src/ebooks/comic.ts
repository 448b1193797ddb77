import { lstat, mkdir } from 'node:fs/promises';
import { readHead } from '#shared/server/read-head';
import path from 'node:path';
import sharp from 'sharp';
import { AppError } from '#shared/errors';
import { DEFAULT_ZIP_LIMITS, checkZip } from '../engines/archive-guard';
import { extractArchive, listArchive, type ArchiveEntry } from '../engines/bsdtar';
import { MAX_IMAGE_PIXELS, imagesToPdf, type ImageFormat } from '../images/images-to-pdf';
import type { InputFile } from '../contract/processor';

/**
 * Comic books (CBZ, CBR, CB7) become one PDF page per image, in natural order of the image
 * paths (page2 before page10, folder by folder). We do this ourselves instead of with calibre's
 * comic input: calibre greys and rescales the pictures for e-ink screens and adds margins, and
 * Debian's calibre cannot open RAR at all. Here pages keep their colours and, for JPEG, their exact
 * bytes (see images-to-pdf.ts), and each page takes its picture's shape.
 */

const PAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp', 'tif', 'tiff']);
const FORMATS: ReadonlySet<ImageFormat> = new Set(['jpeg', 'png', 'gif', 'webp', 'bmp', 'tiff']);
const KIND_OF_FORMAT: Record<string, InputFile['kind']> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp', bmp: 'bmp', tiff: 'tiff' };

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Natural order of archive paths, folder by folder: "ch 2/p10" after "ch 2/p9", "ch/…" before "ch 2/…". */
function comparePagePaths(a: string, b: string): number {
  const pa = a.split('/');
  const pb = b.split('/');
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    // A file sorts before a folder at the same level.
    const fileA = i === pa.length - 1;
    const fileB = i === pb.length - 1;
    if (fileA !== fileB) return fileA ? -1 : 1;
    const c = collator.compare(pa[i], pb[i]);
    if (c !== 0) return c;
  }
  return pa.length - pb.length;
}

/** Entries that are pages: regular image files, not hidden, not macOS resource forks. */
export function pageEntries(entries: readonly ArchiveEntry[]): ArchiveEntry[] {
  return entries
    .filter((e) => e.file)
    .filter((e) => {
      const parts = e.name.split('/').filter(Boolean);
      if (parts.some((p) => p.startsWith('.') || p === '__MACOSX' || p === '..')) return false;
      return PAGE_EXTENSIONS.has(parts.at(-1)?.split('.').pop()?.toLowerCase() ?? '');
    })
    .sort((a, b) => comparePagePaths(a.name, b.name));
}

/** ZIP limits apply to every archive type: the same entry count, total and ratio. */
function checkListing(entries: readonly ArchiveEntry[], fileSize: number) {
  const { maxEntries, maxUncompressedBytes, maxRatio, ratioFloorBytes } = DEFAULT_ZIP_LIMITS;
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  if (entries.length > maxEntries) throw new AppError('ARCHIVE_TOO_LARGE', `${entries.length} entries`);
  if (total > maxUncompressedBytes) throw new AppError('ARCHIVE_TOO_LARGE', `unpacks to ${total} bytes`);
  if (total > ratioFloorBytes && total / Math.max(1, fileSize) > maxRatio) throw new AppError('ARCHIVE_TOO_LARGE', `unpacks to ${total} bytes from ${fileSize}`);
}

/** The page's image format, or undefined when it is no image we can decode (or an absurdly large one). */
async function pageFormat(file: string): Promise<ImageFormat | undefined> {
  const head = await readHead(file, 2);
  // sharp's libvips has no BMP loader; images-to-pdf decodes BMP itself.
  if (head.toString('latin1') === 'BM') return 'bmp';
  const meta = await sharp(file).metadata().catch(() => undefined);
  const format = meta?.format as ImageFormat | undefined;
  if (!meta || !format || !FORMATS.has(format) || (meta.width ?? 0) * (meta.height ?? 0) > MAX_IMAGE_PIXELS) return undefined;
  return format;
}

/** Converts one comic book; returns the PDF's path inside `workDir`. */
export async function comicToPdf(input: InputFile, workDir: string, signal: AbortSignal): Promise<string> {
  // A ZIP's central directory can be checked (and its deflate streams verified) without bsdtar.
  if (input.kind === 'cbz') await checkZip(input.path, { damagedCode: 'EBOOK_DAMAGED' });
  const entries = await listArchive(input.path, 'EBOOK_DAMAGED', signal);
  checkListing(entries, (await lstat(input.path)).size);
  const pages = pageEntries(entries);
  if (pages.length === 0) throw new AppError('EBOOK_DAMAGED', `${input.name}: no page images among ${entries.length} entries`);

  const dir = path.join(workDir, 'pages');
  await mkdir(dir, { recursive: true });
  await extractArchive(input.path, dir, Math.max(...pages.map((p) => p.size)) + 1, 'EBOOK_DAMAGED', signal);

  const inputs: InputFile[] = [];
  for (const page of pages) {
    const file = path.join(dir, ...page.name.split('/').filter(Boolean));
    // Only what bsdtar wrote as a plain file inside the folder: never a link to somewhere else.
    const stat = await lstat(file).catch(() => null);
    if (!stat?.isFile() || stat.nlink > 1 || path.relative(dir, file).startsWith('..')) continue;
    const format = await pageFormat(file);
    // A page that does not decode is left out; the others still make a book.
    if (!format) continue;
    inputs.push({ path: file, name: path.basename(file), kind: KIND_OF_FORMAT[format] });
  }
  if (inputs.length === 0) throw new AppError('EBOOK_DAMAGED', `${input.name}: none of ${pages.length} page images decodes`);

  const result = await imagesToPdf(
    { inputs, options: { merge: true, resize: 'original', frames: 'first', pagesize: 'image', margin: 'none' }, workDir, signal, progress: async () => undefined },
    FORMATS,
  );
  return result.outputs[0].path;
}
