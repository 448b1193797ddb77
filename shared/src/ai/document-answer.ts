import { Bm25Index } from './bm25';
import { sentences, type TextChunk } from './chunks';
import { foldText, terms } from './terms';

/** A quoted passage and the physical page it was read from. */
export interface Citation {
  page: number;
  quote: string;
}

/** Document mode's answer: the best passages quoted with their pages, or none ("not found"). */
export interface DocumentAnswer {
  found: boolean;
  citations: Citation[];
}

/** Below this share of the question's telling words, the document does not answer it. */
const MIN_COVERAGE = 0.6;
/** A passage this much weaker than the best one is not worth quoting. */
const RELATIVE_SCORE = 0.45;
const MAX_CITATIONS = 3;
/** A name in more than this share of the passages is the document's subject, not a page's. */
const COMMON_NAME_SHARE = 0.1;
const QUOTE_CHARS = 420;
/** A quote shorter than this says too little alone: the sentences after it are read on. */
const SHORT_QUOTE = 80;
/** What a sentence holding a figure and the thing a question counts holds besides its words. */
const FIGURE = '#figure';

/** A document's passages and their index, built once per document while it is asked about. */
export class DocumentIndex {
  readonly bm25: Bm25Index;

  constructor(readonly chunks: readonly TextChunk[]) {
    this.bm25 = new Bm25Index(chunks.map((c) => c.text));
  }

  /**
   * Answers from the document itself: the passages that best match the question, each quoted at its
   * most relevant sentences. "Not found" when even the best passages, with the rest of their page,
   * lack most of what the question asks about.
   */
  answer(question: string): DocumentAnswer {
    const hits = this.bm25.search(question, 12);
    if (hits.length === 0) return { found: false, citations: [] };
    const bestPage = this.chunks[hits[0].index].page;
    const onBestPage = this.chunks.flatMap((c, i) => (c.page === bestPage ? [i] : []));
    const top = hits.slice(0, MAX_CITATIONS).map((h) => h.index);
    if (this.bm25.coverage(question, [...new Set([...onBestPage, ...top])]) < MIN_COVERAGE) return { found: false, citations: [] };
    // The page that answers names what the question names, and the thing it counts; a name the
    // document uses all over ("la Municipalité" in a town's plan) does not single out a page.
    const named = [...namedTerms(question).filter((t) => this.bm25.share(t) < COMMON_NAME_SHARE), countedThing(question) ?? []].flat();
    if (named.some((t) => !this.bm25.heldBy(t, onBestPage))) return { found: false, citations: [] };

    const citations: Citation[] = [];
    for (const hit of hits) {
      if (citations.length === MAX_CITATIONS || hit.score < hits[0].score * RELATIVE_SCORE) break;
      const chunk = this.chunks[hit.index];
      const quote = this.bestQuote(question, chunk.text);
      if (!citations.some((c) => c.page === chunk.page && c.quote === quote)) citations.push({ page: chunk.page, quote });
    }
    return { found: true, citations };
  }

  /**
   * The run of consecutive sentences of a passage that holds most of the question's telling words
   * (each counted once), read on past a run too short to stand alone (a heading such as
   * "Thread-safety."). The sentences are slices of the passage, so the quote reads as the page does.
   */
  private bestQuote(question: string, text: string): string {
    const q = new Set(terms(question));
    const counted = countedThing(question);
    const all = text.split('\n').flatMap(sentences);
    const held = all.map((s) => {
      const found = new Set(terms(s).filter((t) => q.has(t)));
      // "How many tracks?" is answered by a figure beside the thing counted ("32 Track").
      if (counted && found.has(counted) && /\d/.test(s)) found.add(FIGURE);
      return found;
    });
    const weightOf = (t: string) => this.bm25.idf(t === FIGURE && counted ? counted : t);
    let best = { start: 0, end: 1, weight: -1, length: 0 };
    for (let start = 0; start < all.length; start++) {
      const covered = new Set<string>();
      let length = 0;
      for (let end = start; end < all.length; end++) {
        length += all[end].length + 1;
        if (length > QUOTE_CHARS && end > start) break;
        for (const t of held[end]) covered.add(t);
        const weight = [...covered].reduce((sum, t) => sum + weightOf(t), 0);
        // More weight wins; at equal weight (summed in another order), the shorter quote.
        if (weight > best.weight + 1e-9 || (weight > best.weight - 1e-9 && length < best.length)) best = { start, end: end + 1, weight, length };
      }
    }
    let length = best.length;
    while (length < SHORT_QUOTE && best.end < all.length && length + all[best.end].length < QUOTE_CHARS) length += all[best.end++].length + 1;
    const quote = all.slice(best.start, best.end).join(' ');
    return quote.length > QUOTE_CHARS ? `${quote.slice(0, quote.lastIndexOf(' ', QUOTE_CHARS))}…` : quote;
  }
}

/**
 * The names and numbers a question mentions: words capitalised inside it ("Southwest", "V8") and
 * figures of two digits or more. A page that does not mention one does not answer the question, even
 * when the question's other words are all over it.
 */
export function namedTerms(question: string): string[] {
  const words = question.match(/[\p{L}\p{N}]+(?:[-'’.][\p{L}\p{N}]+)*/gu) ?? [];
  const named = words.filter((w, i) => (i > 0 && /^\p{Lu}/u.test(w)) || /^\d{2,}$/.test(w));
  return named.flatMap((w) => terms(w));
}

/**
 * What a "how many" / "combien de" question counts ("engineers", "accidents"): the page that
 * answers it names the thing counted. Without this, a page holding the question's other words
 * ("worked full time on the project") passes for an answer to a count the document never gives.
 */
export function countedThing(question: string): string | undefined {
  const m = /\b(?:how (?:many|much)|combien (?:de |d'|d’))\s*([\p{L}\p{N}-]+)/u.exec(foldText(question));
  return m ? terms(m[1])[0] : undefined;
}
