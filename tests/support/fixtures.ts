import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** Test data that ships with the repository (tests/fixtures/README.md says where each file came from). */
export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures');
export const fixture = (rel: string) => path.join(FIXTURES, rel);

/** Page count as qpdf reports it. */
export function qpdfPages(file: string): number {
  return Number(execFileSync('qpdf', ['--show-npages', file], { encoding: 'utf8' }).trim());
}

/** pdftotext's text page by page (it ends each page with a form feed). */
export function pdfPages(file: string): string[] {
  return execFileSync('pdftotext', ['-q', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\f').slice(0, -1);
}

/** Text as pdftotext extracts it, whitespace collapsed. */
export function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-q', file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).replace(/\s+/g, ' ').trim();
}
