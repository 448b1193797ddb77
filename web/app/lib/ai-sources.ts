import type { AiCitation } from '#shared/ai/api';

/** Chips shown under an answer before "N more pages": a summary may cite dozens of passages. */
export const SOURCE_CHIPS = 8;

/**
 * The source chips of an answer: one per page, in the order the answer first cites it (a chip
 * reads "p. 4"; two of them would be the same chip), the page's first passage the one it shows.
 */
export function sourceChips(citations: readonly AiCitation[]): AiCitation[] {
  const seen = new Set<number>();
  return citations.filter((c) => {
    if (seen.has(c.page)) return false;
    seen.add(c.page);
    return true;
  });
}
