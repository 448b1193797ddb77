import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { AppError, isAppError } from '#shared/errors';
import { runEngine } from './run';

export interface EbookToPdfOptions {
  paper: 'a4' | 'letter';
  pageNumbers: boolean;
  /** calibre's configuration, cache and temp files go here (one folder per book, removed with the task). */
  scratchDir: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** The largest file calibre may write while converting (unpacked book parts, the PDF). */
const MAX_FILE_BYTES = 1024 * 1024 * 1024;
/** PDF page margins in points: about 19 mm, a printed book's feel without wasting the page. */
const MARGIN_PT = 54;

/**
 * Converts an eBook to PDF with calibre's `ebook-convert`. calibre picks its input plugin by the
 * file's extension, so `input` must carry the right one. Output: the paper size asked for,
 * margins, fonts embedded (calibre's PDF writer always embeds and subsets them), a cover that
 * keeps its shape, page numbers if asked. calibre renders with QtWebEngine, which refuses to run as
 * root unless its sandbox is off; it only loads the book's own resources (calibre blocks every
 * other URL), so no network is reached.
 */
export async function ebookToPdf(input: string, output: string, opts: EbookToPdfOptions): Promise<void> {
  const dirs = { CALIBRE_CONFIG_DIRECTORY: 'config', CALIBRE_CACHE_DIRECTORY: 'cache', CALIBRE_TEMP_DIR: 'tmp' };
  const env: Record<string, string> = {};
  for (const [name, sub] of Object.entries(dirs)) {
    env[name] = path.join(opts.scratchDir, sub);
    await mkdir(env[name], { recursive: true });
  }
  env.TMPDIR = env.CALIBRE_TEMP_DIR;
  if (process.getuid?.() === 0) env.QTWEBENGINE_CHROMIUM_FLAGS = '--no-sandbox';

  const args = [
    path.resolve(input),
    path.resolve(output),
    '--paper-size',
    opts.paper,
    ...['left', 'right', 'top', 'bottom'].flatMap((side) => [`--pdf-page-margin-${side}`, String(MARGIN_PT)]),
    '--preserve-cover-aspect-ratio',
    ...(opts.pageNumbers ? ['--pdf-page-numbers'] : []),
  ];
  try {
    // prlimit caps each file calibre writes: a CHM or MOBI that unpacks to gigabytes stops there.
    await runEngine('prlimit', [`--fsize=${MAX_FILE_BYTES}`, '--', 'ebook-convert', ...args], {
      timeoutMs: opts.timeoutMs,
      signal: opts.signal,
      env,
      errorCode: 'EBOOK_DAMAGED',
    });
  } catch (e) {
    if (!isAppError(e)) throw e;
    if (isDrmFailure(e.detail)) throw new AppError('EBOOK_DRM', e.detail);
    if (/SIGXFSZ/.test(e.detail ?? '')) throw new AppError('ARCHIVE_TOO_LARGE', `ebook-convert wrote a file beyond ${MAX_FILE_BYTES} bytes`);
    throw e;
  }
}

/** True when calibre's failure output says the book is DRM-protected (its DRMError, or the message of a plugin). */
export function isDrmFailure(detail: string | undefined): boolean {
  return /\bDRMError\b|locked by DRM|is DRMed|DRM[- ]protected/i.test(detail ?? '');
}
