import { describe, expect, it } from 'vitest';
import { fileNames } from '../../worker/src/processors/split-pdf';

describe('names of the parts split at bookmarks', () => {
  it('keeps a title as it reads, accents and other scripts included', () => {
    expect(fileNames(['3 Fundamentalgruppe und Überlagerungen', '第一章 概要'], 'book')).toEqual(['3 Fundamentalgruppe und Überlagerungen.pdf', '第一章 概要.pdf']);
  });

  it('takes out what no file system accepts: separators, reserved characters, controls, leading dots', () => {
    expect(fileNames(['a/b\\c: "d" <e>|f?*', 'line\nbreak\u202a', '..hidden'], 'book')).toEqual(['a b c d e f.pdf', 'line break.pdf', 'hidden.pdf']);
  });

  it('names an empty title after the file and numbers titles that repeat', () => {
    expect(fileNames(['', '///', 'Index', 'index', 'Index'], 'book')).toEqual(['book-1.pdf', 'book-2.pdf', 'Index.pdf', 'index (2).pdf', 'Index (3).pdf']);
  });

  it('shortens a very long title', () => {
    expect(fileNames(['x'.repeat(300)], 'book')[0]).toBe(`${'x'.repeat(80)}.pdf`);
  });
});
