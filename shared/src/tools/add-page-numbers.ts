import { z } from 'zod';
import { defineTool } from './define';
import { intField, pageRangesField } from './fields';
import { GRID_POSITIONS, STAMP_FONTS, boundedInt, colorField, marginField } from './stamp-fields';

/** `n`: "7"; `n-of-total`: "7 / 12"; `page-n-of-total`: "Page 7 of 12" in the language asked. */
export const PAGE_NUMBER_FORMATS = ['n', 'n-of-total', 'page-n-of-total'] as const;

const ROMAN: ReadonlyArray<[number, string]> = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

/** Upper-case Roman numerals; 0 and numbers past 3999 have none, and stay in digits. */
export function roman(n: number): string {
  if (n < 1 || n > 3999) return String(n);
  let out = '';
  for (const [value, letters] of ROMAN) {
    for (; n >= value; n -= value) out += letters;
  }
  return out;
}

export default defineTool({
  id: 'add-page-numbers',
  category: 'editor',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    position: z.enum(GRID_POSITIONS).default('bottom-center'),
    margin: marginField.default(28),
    format: z.enum(PAGE_NUMBER_FORMATS).default('n'),
    /** The language of the words of `page-n-of-total`. */
    lang: z.enum(['en', 'fr']).default('en'),
    numerals: z.enum(['arabic', 'roman']).default('arabic'),
    /** The number of the first numbered page. */
    start: intField.pipe(z.number().min(0).max(99_999)).default(1),
    /** Pages left without a number (a cover): they are not counted either. */
    skip: pageRangesField.optional(),
    font: z.enum(STAMP_FONTS).default('sans'),
    size: boundedInt(6, 72).default(11),
    color: colorField.default('#000000'),
  }),
  engines: ['qpdf', 'pdftoppm'],
  output: 'file',
  built: true,
  // A line per page written into the page's own content: about the time qpdf takes to copy the file.
  maxPages: 5_000,
});
