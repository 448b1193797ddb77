import { RESOURCES } from '#shared/i18n';
import { type PAGE_NUMBER_FORMATS, roman } from '#shared/tools/add-page-numbers';

/** A header or footer text with its placeholders ({n}, {total}, {date}…) filled in; unknown ones stay as typed. */
export const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The label of one page: its number in the format and numerals asked, "Page 7 of 12" in the language asked. */
export function pageLabel(opts: { format: (typeof PAGE_NUMBER_FORMATS)[number]; numerals: 'arabic' | 'roman'; lang: 'en' | 'fr' }, n: number, total: number): string {
  const show = (k: number) => (opts.numerals === 'roman' ? roman(k) : String(k));
  // The panel shows the same copy as its examples ("Page {{n}} of {{total}}").
  const values: Record<string, string> = { n: show(n), total: show(total) };
  return RESOURCES[opts.lang].options.pageNumbers.formats[opts.format].replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key]);
}
