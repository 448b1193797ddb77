import path from 'node:path';
import { runEngine } from './run';

const TIMEOUT_MS = 120_000;

/** The text of a PDF (or of some pages), UTF-8, in poppler's reading order. */
export async function extractText(
  file: string,
  opts: { firstPage?: number; lastPage?: number; signal?: AbortSignal } = {},
): Promise<string> {
  const range = [...(opts.firstPage ? ['-f', String(opts.firstPage)] : []), ...(opts.lastPage ? ['-l', String(opts.lastPage)] : [])];
  const { stdout } = await runEngine('pdftotext', ['-q', '-enc', 'UTF-8', ...range, path.resolve(file), '-'], {
    timeoutMs: TIMEOUT_MS,
    signal: opts.signal,
  });
  return stdout;
}

export type RenderFormat = 'png' | 'jpeg' | 'gray';
const EXTENSION: Record<RenderFormat, string> = { png: 'png', jpeg: 'jpg', gray: 'pgm' };

/**
 * Renders one page (1-based) to `<outputBase>.<png|jpg|pgm>` and returns that path. `gray` writes
 * binary PGM, which is easy to read pixel by pixel.
 */
export async function renderPage(
  file: string,
  outputBase: string,
  opts: { page: number; dpi: number; format: RenderFormat; signal?: AbortSignal },
): Promise<string> {
  const page = String(opts.page);
  await runEngine(
    'pdftoppm',
    [`-${opts.format}`, '-r', String(opts.dpi), '-f', page, '-l', page, '-singlefile', path.resolve(file), path.resolve(outputBase)],
    { timeoutMs: TIMEOUT_MS, signal: opts.signal },
  );
  return `${path.resolve(outputBase)}.${EXTENSION[opts.format]}`;
}
