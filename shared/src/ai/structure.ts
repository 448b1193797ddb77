import type { Bm25Index } from './bm25';
import { sentences, type TextChunk } from './chunks';
import type { Citation } from './document-answer';
import { terms } from './terms';

/** A heading of the document: from its bookmarks, or a line set larger than the body text. */
export interface Heading {
  title: string;
  /** 1-based physical page. */
  page: number;
  /** 1 for a chapter, 2 for its sections, and so on. */
  level: number;
}

/** A heading and the passages under it, up to the next heading. */
export interface Section {
  heading?: Heading;
  chunks: TextChunk[];
}

/** A section's summary: its heading and its most telling sentences, each with its page. */
export interface SectionSummary {
  heading?: Heading;
  points: Citation[];
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The passages grouped under their headings, in document order. A section starts at the passage
 * that holds its heading's words, or at the first passage of the heading's page when none does;
 * passages before the first heading form a section of their own.
 */
export function sectionsOf(chunks: readonly TextChunk[], headings: readonly Heading[]): Section[] {
  const ordered = [...headings].sort((a, b) => a.page - b.page);
  const starts = new Map<number, Heading[]>();
  let from = 0;
  for (const heading of ordered) {
    const onPage = chunks.findIndex((c, i) => i >= from && c.page >= heading.page);
    if (onPage < 0) break;
    const title = squash(heading.title);
    const holding = chunks.findIndex((c, i) => i >= onPage && c.page === chunks[onPage].page && squash(c.text).includes(title));
    from = holding >= 0 ? holding : onPage;
    starts.set(from, [...(starts.get(from) ?? []), heading]);
  }
  const sections: Section[] = [];
  chunks.forEach((chunk, i) => {
    const opening = starts.get(i);
    // Headings that open on the same passage: the earlier ones stay as sections without text of their own.
    for (const heading of opening ?? []) sections.push({ heading, chunks: [] });
    if (sections.length === 0) sections.push({ chunks: [] });
    sections.at(-1)!.chunks.push(chunk);
  });
  return sections;
}

/**
 * An extractive summary that keeps the document's structure: per section, the sentences whose words
 * are most telling across the document (by idf) and closest to the section's own vocabulary, quoted
 * with their page. Nothing is written that the document does not say.
 */
export function summarize(index: Bm25Index, sections: readonly Section[], perSection = 2): SectionSummary[] {
  return sections.flatMap((section) => {
    const vocabulary = new Map<string, number>();
    for (const chunk of section.chunks) for (const t of terms(chunk.text)) vocabulary.set(t, (vocabulary.get(t) ?? 0) + 1);
    const headingTerms = new Set(terms(section.heading?.title ?? ''));
    const heading = squash(section.heading?.title ?? '\u0000');
    const candidates = section.chunks.flatMap((chunk, place) =>
      chunk.text
        .split('\n')
        .flatMap(sentences)
        .filter((s) => isProse(s) && !squash(s).startsWith(heading))
        .map((s, position) => {
          const words = terms(s).filter((t) => !/\d/.test(t));
          const weight = words.reduce((sum, t) => sum + index.idf(t) * Math.log(1 + (vocabulary.get(t) ?? 0)) * (headingTerms.has(t) ? 2 : 1), 0);
          // A section's opening passages tend to say what it is about.
          const lead = 1 / (1 + 0.2 * place);
          return { page: chunk.page, quote: s, score: (lead * weight) / Math.sqrt(words.length + 1), order: chunk.ordinal * 1000 + position };
        }),
    );
    const points = candidates
      .sort((a, b) => b.score - a.score)
      .slice(0, perSection)
      .sort((a, b) => a.order - b.order)
      .map(({ page, quote }) => ({ page, quote }));
    return points.length > 0 || section.heading ? [{ heading: section.heading, points }] : [];
  });
}

/**
 * A sentence a reader would quote: words, not a table row, a line of code, a list of names or a
 * reference. Judged by its tokens: mostly lower-case words, few figures and symbols, a sentence end.
 */
export function isProse(sentence: string): boolean {
  if (sentence.length < 40 || sentence.length > 400 || !/[.!?…]["'”»)\]]*$/u.test(sentence)) return false;
  const tokens = sentence.split(/\s+/);
  if (tokens.length < 8) return false;
  const words = tokens.filter((t) => /^[\p{L}][\p{L}'’-]*[,;:.!?…]?$/u.test(t));
  const capitalised = words.filter((t) => /^\p{Lu}/u.test(t));
  return words.length / tokens.length >= 0.8 && capitalised.length / words.length <= 0.4;
}

/** Markdown's special characters in a heading, made literal. */
const literal = (text: string) => text.replace(/([\\`*_[\]#<>|])/g, '\\$1').replace(/\s+/g, ' ').trim();

/**
 * A mind map as markmap reads it: the title at the root, headings as branches by level, each linked
 * to its page (`#page=N`, which the viewer follows), and under a heading its summary points when given.
 */
export function mindMapMarkdown(title: string, summary: readonly SectionSummary[]): string {
  const lines = [`# ${literal(title)}`];
  for (const section of summary) {
    const depth = section.heading ? Math.min(section.heading.level, 4) + 1 : 2;
    if (section.heading) lines.push(`${'#'.repeat(depth)} [${literal(section.heading.title)}](#page=${section.heading.page})`);
    for (const point of section.points) lines.push(`- [${literal(point.quote)}](#page=${point.page})`);
  }
  return `${lines.join('\n')}\n`;
}
