/**
 * A document's text cut into passages that each sit on one physical page: a citation names the page
 * a passage was read from, never a page guessed by spreading text evenly.
 */
export interface TextChunk {
  /** 1-based physical page (the PDF's page index, not its printed number). */
  page: number;
  /** Order of the chunk in the document. */
  ordinal: number;
  /** Character offset of the chunk in its page's text. */
  offset: number;
  text: string;
}

/** Passages aim for this many characters: long enough to answer, short enough to quote. */
const TARGET = 700;
const MAX = 1100;

/** A page's text as paragraphs: lines joined, words hyphenated across a line break rejoined. */
export function paragraphs(pageText: string): { offset: number; text: string }[] {
  const out: { offset: number; text: string }[] = [];
  const re = /\S[\s\S]*?(?=\n[ \t]*\n|$)/g;
  for (const m of pageText.matchAll(re)) {
    const text = m[0]
      .replace(/(\p{Ll})-\n\s*(\p{Ll})/gu, '$1$2')
      .replace(/\s*\n\s*/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .trim();
    if (text) out.push({ offset: m.index, text });
  }
  return out;
}

/** A piece that ends on an abbreviation or an initial ("U.S.", "e.g.", "Fig.", "J."), not a sentence. */
const ABBREVIATION = /(?:\b\p{Lu}|\b(?:e\.g|i\.e|cf|vs|fig|figs|eq|no|vol|pp|dr|mr|mrs|ms|st|p|resp|approx|env|art|al))\.$/iu;

/** Sentences of a paragraph, their ends kept. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let carry = '';
  for (const piece of text.match(/[^.!?…]+(?:[.!?…]+["'”»)\]]*|$)\s*/gu) ?? []) {
    carry += piece;
    if (!ABBREVIATION.test(piece.trim())) {
      if (carry.trim()) out.push(carry.trim());
      carry = '';
    }
  }
  if (carry.trim()) out.push(carry.trim());
  return out;
}

/** Cuts each page's text into passages; `pages[i]` is page i + 1. Empty pages give none. */
export function chunkPages(pages: readonly string[]): TextChunk[] {
  const chunks: TextChunk[] = [];
  pages.forEach((pageText, index) => {
    let current: { offset: number; text: string } | undefined;
    const flush = () => {
      if (current) chunks.push({ page: index + 1, ordinal: chunks.length, offset: current.offset, text: current.text });
      current = undefined;
    };
    for (const para of paragraphs(pageText)) {
      for (const piece of splitLong(para.text)) {
        if (current && current.text.length + piece.length + 1 > TARGET) flush();
        current = current ? { offset: current.offset, text: `${current.text}\n${piece}` } : { offset: para.offset, text: piece };
      }
    }
    flush();
  });
  return chunks;
}

/** A paragraph longer than a passage, cut at sentence ends (a sentence longer still, at a space). */
function splitLong(text: string): string[] {
  if (text.length <= MAX) return [text];
  const out: string[] = [];
  let current = '';
  for (const sentence of sentences(text)) {
    for (const part of sentence.length > MAX ? hardWrap(sentence) : [sentence]) {
      if (current && current.length + part.length + 1 > TARGET) {
        out.push(current);
        current = '';
      }
      current = current ? `${current} ${part}` : part;
    }
  }
  if (current) out.push(current);
  return out;
}

function hardWrap(text: string): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > MAX) {
    const cut = rest.lastIndexOf(' ', TARGET) > 0 ? rest.lastIndexOf(' ', TARGET) : TARGET;
    out.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) out.push(rest);
  return out;
}
