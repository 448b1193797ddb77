import { sentences } from './chunks';
import type { Citation } from './document-answer';
import { terms } from './terms';

/** How a model marks the page a sentence rests on: "[p. 12]", "[p12]", "[page 12]" or "[12]". */
const MARKER = /\s*\[(?:p(?:age)?\.?\s*)?(\d{1,5})\]/giu;

/** A sentence must share this much of its telling words with the page it cites to keep the citation. */
const MIN_SUPPORT = 0.5;

export interface CheckedAnswer {
  /** The answer with the markers of unsupported citations taken out. */
  text: string;
  /** The supported citations, each with the page's sentence closest to the claim. */
  citations: Citation[];
  /** Pages cited without support: dropped. */
  dropped: number[];
}

/**
 * Keeps a written answer's page citations only where the cited page holds what the sentence says:
 * a model may cite a page it was not shown, or the wrong one of those it was. Support is the share
 * of the sentence's words (after stop words) that the page contains.
 */
export function checkCitations(answer: string, pageText: (page: number) => string | undefined): CheckedAnswer {
  const citations: Citation[] = [];
  const dropped: number[] = [];
  const pageTerms = new Map<number, Set<string>>();
  const termsOfPage = (page: number) => {
    if (!pageTerms.has(page)) pageTerms.set(page, new Set(terms(pageText(page) ?? '')));
    return pageTerms.get(page)!;
  };

  const text = sentences(answer)
    .map((sentence) => {
      const claim = terms(sentence.replace(MARKER, ''));
      return sentence.replace(MARKER, (marker, digits: string) => {
        const page = Number(digits);
        const held = pageText(page) === undefined ? 0 : claim.filter((t) => termsOfPage(page).has(t)).length / Math.max(1, claim.length);
        if (held < MIN_SUPPORT) {
          dropped.push(page);
          return '';
        }
        const quote = closestSentence(pageText(page)!, claim);
        if (!citations.some((c) => c.page === page && c.quote === quote)) citations.push({ page, quote });
        return marker;
      });
    })
    .join(' ');
  return { text, citations, dropped };
}

/** The page's sentence that shares the most words with the claim. */
function closestSentence(page: string, claim: readonly string[]): string {
  const wanted = new Set(claim);
  let best = { quote: '', shared: -1 };
  for (const sentence of page.split(/\n\s*\n/).flatMap((p) => sentences(p.replace(/\s*\n\s*/g, ' ')))) {
    const shared = new Set(terms(sentence).filter((t) => wanted.has(t))).size;
    if (shared > best.shared) best = { quote: sentence, shared };
  }
  return best.quote;
}
