import { AppError } from '#shared/errors';
import { parsePageRanges, resolvePageRanges } from '#shared/page-ranges';

/** The user's ranges against a document's page count; a range past the last page is INVALID_PAGES. */
export function resolveRanges(text: string, pageCount: number): Array<[number, number]> {
  const ranges = parsePageRanges(text);
  const resolved = ranges && resolvePageRanges(ranges, pageCount);
  if (!resolved) throw new AppError('INVALID_PAGES', `"${text}" for a ${pageCount}-page document`);
  return resolved;
}
