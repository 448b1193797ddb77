import { expect } from 'vitest';
import type { ToolRun } from './harness';
import { bookmarks, formFieldsPerPage, linksPerPage, pageTexts } from './pdf-checks';

/** Where an output page came from: an input (0-based, in upload order) and a 1-based page of it. */
export interface PageSource {
  input: number;
  page: number;
}

/** Pages 1..n of one input, in a given order. */
export const fromInput = (input: number, pages: readonly number[]): PageSource[] => pages.map((page) => ({ input, page }));

export const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, i) => (from <= to ? from + i : from - i));

/**
 * The letters and digits of a text, sorted: what survives when pdftotext lays a turned page out
 * anew, joining lines and hyphenated words differently.
 */
const letters = (s: string) =>
  [...s.normalize('NFC')]
    .filter((c) => /[\p{L}\p{N}]/u.test(c))
    .sort()
    .join('');

/**
 * Checks that the single output is made of exactly these pages, each carrying what its source page
 * carried: its text (the same letters, for the positions in `turned`), its links, its form fields
 * with their values, and the bookmarks to it of every input.
 */
export function pagesFrom(sources: readonly PageSource[], turned: readonly number[] = []) {
  return async ({ inputs, outputs }: ToolRun) => {
    const out = outputs[0].path;
    const texts = await Promise.all(inputs.map(pageTexts));
    const outTexts = await pageTexts(out);
    expect(outTexts).toHaveLength(sources.length);
    sources.forEach(({ input, page }, i) => {
      const expected = texts[input][page - 1];
      if (turned.includes(i + 1)) expect(letters(outTexts[i]), `letters of output page ${i + 1}`).toBe(letters(expected));
      else expect(outTexts[i], `text of output page ${i + 1}`).toBe(expected);
    });

    const links = inputs.map(linksPerPage);
    expect(linksPerPage(out)).toEqual(sources.map(({ input, page }) => links[input][page - 1]));

    const fields = inputs.map((file) => formFieldsPerPage(file));
    expect(formFieldsPerPage(out)).toEqual(sources.map(({ input, page }) => fields[input][page - 1]));

    // Every input's bookmarks, in upload order, each leading to the first copy of its page; one whose
    // page was left out is gone, and no bookmark of the output leads nowhere.
    const position = (input: number, page: number | null) => sources.findIndex((s) => s.input === input && s.page === page) + 1;
    const expectedBookmarks = inputs.flatMap((file, input) =>
      bookmarks(file)
        .filter((b) => position(input, b.page) > 0)
        .map((b) => ({ title: b.title, page: position(input, b.page) })),
    );
    expect(bookmarks(out)).toEqual(expectedBookmarks);
  };
}
