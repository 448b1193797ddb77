import { terms } from './terms';

/**
 * Okapi BM25 over one document's passages, in memory. PostgreSQL's full-text ranking has no inverse
 * document frequency: a rare word that names exactly what the question asks ("thermostat") weighs
 * no more there than a word on every page. A document has at most a few thousand passages, so the
 * index is built when a question comes and kept while the document is asked about.
 */
export interface Scored {
  index: number;
  score: number;
}

const K1 = 1.2;
const B = 0.75;

export class Bm25Index {
  private readonly termFreqs: Map<string, number>[];
  private readonly lengths: number[];
  private readonly docFreq = new Map<string, number>();
  private readonly averageLength: number;

  constructor(texts: readonly string[]) {
    this.termFreqs = texts.map((text) => {
      const freqs = new Map<string, number>();
      for (const t of terms(text)) freqs.set(t, (freqs.get(t) ?? 0) + 1);
      for (const t of freqs.keys()) this.docFreq.set(t, (this.docFreq.get(t) ?? 0) + 1);
      return freqs;
    });
    this.lengths = this.termFreqs.map((f) => [...f.values()].reduce((a, b) => a + b, 0));
    this.averageLength = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, this.lengths.length);
  }

  get size(): number {
    return this.termFreqs.length;
  }

  /** How much a term tells passages apart; a term no passage has weighs the most. */
  idf(term: string): number {
    const n = this.termFreqs.length;
    const df = this.docFreq.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  has(term: string): boolean {
    return this.docFreq.has(term);
  }

  /** The share of passages that hold the term. */
  share(term: string): number {
    return (this.docFreq.get(term) ?? 0) / Math.max(1, this.termFreqs.length);
  }

  /** Whether one of these passages holds the term. */
  heldBy(term: string, indexes: readonly number[]): boolean {
    return indexes.some((i) => this.termFreqs[i].has(term));
  }

  /** The passages that match any query term, best first. */
  search(query: string, limit: number): Scored[] {
    // Each distinct term and its idf once per query, not once per passage.
    const weighted = [...new Set(terms(query))].map((t) => ({ term: t, idf: this.idf(t) }));
    const scored: Scored[] = [];
    for (let i = 0; i < this.termFreqs.length; i++) {
      const freqs = this.termFreqs[i];
      const norm = K1 * (1 - B + (B * this.lengths[i]) / (this.averageLength || 1));
      let score = 0;
      for (const { term, idf } of weighted) {
        const f = freqs.get(term);
        if (f) score += (idf * f * (K1 + 1)) / (f + norm);
      }
      if (score > 0) scored.push({ index: i, score });
    }
    return scored.sort((a, b) => b.score - a.score || a.index - b.index).slice(0, limit);
  }

  /**
   * The share of the question's weight (its terms' idf) that the passages hold together: 1 when every
   * telling word of the question is in them. A question about something the document never mentions
   * keeps a low share even in its best passages.
   */
  coverage(query: string, indexes: readonly number[]): number {
    const q = [...new Set(terms(query))];
    const total = q.reduce((sum, t) => sum + this.idf(t), 0);
    if (total === 0) return 0;
    const held = q.filter((t) => this.heldBy(t, indexes)).reduce((sum, t) => sum + this.idf(t), 0);
    return held / total;
  }
}
