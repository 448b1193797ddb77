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

/**
 * Where a sentence may end: a full stop, "!", "?" or "…" (closing quotes and brackets kept) before a
 * space or the end of the text. A full stop inside a token ("ASN.1", "version 2.1", "libtasn1.h",
 * "help-libtasn1@gnu.org", "3.14", a URL) is never an end: a quote must read as the page does.
 */
const SENTENCE_END = /[.!?…]+["'”»)\]]*(?=\s|$)/gu;
/** An initial or an abbreviation ("J.", "U.S.", "e.g.", "Fig.", "Dr.", "M.") does not end a sentence, whatever follows it. */
const INITIALS = /^(?:\p{Lu}\.)*\p{Lu}$/u;
const ABBREVIATION =
  /^(?:e\.g|i\.e|cf|vs|fig|figs|eq|eqs|no|nos|vol|vols|p|pp|ch|chap|sec|sect|art|ref|refs|ed|eds|dr|mr|mrs|ms|prof|st|jr|sr|resp|approx|env|al|mme|mlle|ex|p\.ex|cie|av|bd)$/iu;
/** A numbered heading's number ("2.", "2.4.", "A.1.") starts a sentence, it does not make one. */
const SECTION_NUMBER = /^(?:[\p{Lu}\d]+\.)*\d+\.?$/u;

/** Whether the terminator at [at, end) of `text`, in the sentence begun at `start`, ends it. */
function endsSentence(text: string, start: number, at: number, end: number): boolean {
  const next = /\S/u.exec(text.slice(end, end + 8))?.[0];
  // A sentence opens with a capital, a figure, a quote or a bracket; after "e.g. the", "wait… and" or
  // a table of contents' leader dots (". . ."), it goes on.
  if (next && /[\p{Ll}.,;:…]/u.test(next)) return false;
  const before = text.slice(start, at);
  if (SECTION_NUMBER.test(before.trim())) return false;
  if (text.slice(at, end).replace(/["'”»)\]]+$/u, '') !== '.') return true;
  const word = (/\S*$/u.exec(before)?.[0] ?? '').replace(/^["'“«(\[]+/u, '');
  // A full stop standing alone is a leader dot, not an end.
  return word !== '' && !INITIALS.test(word) && !ABBREVIATION.test(word);
}

/**
 * The sentences of a text, each a slice of it (from its first character to its terminator), so
 * that consecutive sentences joined by a space read as the text does, whitespace aside.
 */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let start = text.search(/\S/u);
  if (start < 0) return out;
  for (const m of text.matchAll(SENTENCE_END)) {
    const end = m.index + m[0].length;
    if (m.index <= start || !endsSentence(text, start, m.index, end)) continue;
    out.push(text.slice(start, end));
    const gap = text.slice(end).search(/\S/u);
    if (gap < 0) return out;
    start = end + gap;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
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
