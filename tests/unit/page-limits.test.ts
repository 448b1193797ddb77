import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileKind } from '#shared/file-kinds';
import { TOOLS, pageLimitOf, tooManyPages, type ToolDefinition } from '#shared/tools';
import { refusePastPageLimit, tiffPageCount } from '../../worker/src/inputs/page-count';
import { manyPageTiff } from '../support/many-pages';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-page-count-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const write = (name: string, bytes: Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
};
const tool = (id: string) => TOOLS.find((t) => t.id === id) as ToolDefinition;

/** Kinds whose files hold many pages: a small one can hold 100,000. */
const PAGED: readonly FileKind[] = ['pdf', 'tiff', 'gif', 'webp'];

describe('page limits', () => {
  it('are declared by every tool that takes PDFs or multi-page images', () => {
    const tools = (TOOLS as readonly ToolDefinition[]).filter((t) => t.accepts.some((k) => PAGED.includes(k)));
    expect(tools.length).toBeGreaterThan(15);
    for (const t of tools) expect(t.maxPages, t.id).toBeDefined();
  });

  it('follow the options where the work does: PDF to JPG renders 500 pages, extracts pictures from 5,000', () => {
    const jpg = tool('pdf-to-jpg');
    expect(pageLimitOf(jpg, jpg.options.parse({}))).toBe(500);
    expect(pageLimitOf(jpg, jpg.options.parse({ mode: 'images' }))).toBe(5_000);
  });

  it('are named in the refusal, in the catalogue’s words', () => {
    const e = tooManyPages(2_000, 2_001);
    expect(e.code).toBe('TOO_MANY_PAGES');
    expect(e.message).toBe('This document has too many pages for this tool, which takes at most 2,000 pages at a time.');
    expect(e.detail).toBe('2001 pages, at most 2000');
  });
});

describe('tiffPageCount', () => {
  it('counts the pages of a TIFF by its directories, stopping where it is told', async () => {
    const file = write('2001.tif', manyPageTiff(2_001));
    expect(fs.statSync(file).size).toBeLessThan(240 * 1024);
    expect(await tiffPageCount(file)).toBe(2_001);
    expect(await tiffPageCount(file, 11)).toBe(11);
    expect(await tiffPageCount(write('3.tif', manyPageTiff(3, 16)))).toBe(3);
  });

  it('ends a chain of directories that loops back on itself', async () => {
    const bytes = manyPageTiff(3);
    const ifdBytes = 2 + 9 * 12 + 4;
    const first = bytes.readUInt32LE(4);
    // The last directory's next offset points at the first again.
    bytes.writeUInt32LE(first, first + 3 * ifdBytes - 4);
    expect(await tiffPageCount(write('loop.tif', bytes))).toBe(3);
  });

  it('answers undefined for a file that is not a TIFF', async () => {
    expect(await tiffPageCount(write('not.tif', Buffer.from('GIF89a and then some bytes')))).toBeUndefined();
  });
});

describe('refusePastPageLimit', () => {
  const signal = new AbortController().signal;
  const inputs = (file: string, kind: FileKind) => [{ path: file, name: path.basename(file), kind }];

  it('refuses a 2,001-page TIFF for JPG to PDF and OCR, each naming its own limit', async () => {
    const file = write('many.tif', manyPageTiff(2_001));
    for (const [id, max] of [['jpg-to-pdf', 2_000], ['pdf-ocr', 100]] as const) {
      const t = tool(id);
      await expect(refusePastPageLimit(t, inputs(file, 'tiff'), t.options.parse({}), signal), id).rejects.toMatchObject({ code: 'TOO_MANY_PAGES', message: tooManyPages(max, 0).message });
    }
  });

  it('counts the inputs of a task together', async () => {
    const t = tool('jpg-to-pdf');
    const half = write('half.tif', manyPageTiff(1_001));
    await expect(refusePastPageLimit(t, inputs(half, 'tiff'), t.options.parse({}), signal)).resolves.toBeUndefined();
    await expect(refusePastPageLimit(t, [...inputs(half, 'tiff'), ...inputs(half, 'tiff')], t.options.parse({}), signal)).rejects.toMatchObject({ code: 'TOO_MANY_PAGES' });
  });
});
