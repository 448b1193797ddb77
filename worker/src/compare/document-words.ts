import { readFile, rm } from 'node:fs/promises';
import * as poppler from '../engines/poppler';
import { parseTextLayout } from '../pdf-to-office/pdftotext-layout';

/** A word where poppler found it: its 1-based page, its line (for one box per line) and its box in points from the top-left corner. */
export interface PlacedWord {
  text: string;
  page: number;
  line: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface DocumentWords {
  pages: Array<{ width: number; height: number; words: PlacedWord[] }>;
}

/** Pages per pdftotext call: bounds the XHTML held in memory. */
const PAGES_PER_CALL = 50;

/** Every word of every page with its box, page by page in poppler's order (blocks, their lines, their words). */
export async function documentWords(file: string, pageCount: number, scratch: string, signal: AbortSignal): Promise<DocumentWords> {
  const pages: DocumentWords['pages'] = [];
  let line = 0;
  for (let first = 1; first <= pageCount; first += PAGES_PER_CALL) {
    const last = Math.min(pageCount, first + PAGES_PER_CALL - 1);
    await poppler.writeTextLayout(file, scratch, { firstPage: first, lastPage: last, signal });
    const parsed = parseTextLayout(await readFile(scratch, 'utf8'));
    await rm(scratch, { force: true });
    for (let i = 0; i <= last - first; i++) {
      const page = first + i;
      const found = parsed[i];
      const words: PlacedWord[] = [];
      for (const block of found?.blocks ?? [])
        for (const l of block.lines) {
          line++;
          for (const w of l.words) if (w.text.trim()) words.push({ text: w.text.normalize('NFKC'), page, line, x0: w.x0, y0: w.y0, x1: w.x1, y1: w.y1 });
        }
      pages.push({ width: found?.width ?? 0, height: found?.height ?? 0, words });
    }
  }
  return { pages };
}
