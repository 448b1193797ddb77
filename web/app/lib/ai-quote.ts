/**
 * Finds a cited passage among the pieces of text a page shows (pdf.js's text layer spans), so the
 * viewer can highlight it. The index was made by another reader than pdf.js: spaces, hyphens and
 * line breaks differ, so letters and digits alone are compared, without case.
 */

/** A stretch of a quote looked for on its own: long enough not to be found by chance on one page. */
const WINDOW = 16;

const isWordChar = (c: string) => /[\p{L}\p{N}]/u.test(c);

/** The pieces' letters and digits, lower-cased, and which piece each one came from. */
function flatten(pieces: readonly string[]): { text: string; owner: number[] } {
  let text = '';
  const owner: number[] = [];
  pieces.forEach((piece, index) => {
    for (const c of piece.toLowerCase()) {
      if (!isWordChar(c)) continue;
      text += c;
      for (let i = 0; i < c.length; i++) owner.push(index);
    }
  });
  return { text, owner };
}

const normal = (quote: string) => Array.from(quote.toLowerCase()).filter(isWordChar).join('');

/**
 * The indexes of the pieces that hold the quote: the whole quote when the page has it word for word,
 * else every stretch of it the page has (the page may show a caption or a running head between
 * the quote's words, or its columns in another order).
 * Empty when nothing of it is found.
 */
export function quotePieces(pieces: readonly string[], quote: string): number[] {
  const { text, owner } = flatten(pieces);
  const wanted = normal(quote);
  if (!wanted || !text) return [];
  const found = new Set<number>();
  const mark = (at: number, length: number) => {
    for (let i = at; i < at + length; i++) found.add(owner[i]!);
  };
  const whole = text.indexOf(wanted);
  if (whole >= 0) {
    mark(whole, wanted.length);
  } else {
    const size = Math.min(WINDOW, wanted.length);
    const starts = new Set<number>([wanted.length - size]);
    for (let from = 0; from + size <= wanted.length; from += Math.ceil(size / 2)) starts.add(from);
    for (const from of starts) {
      const at = text.indexOf(wanted.slice(from, from + size));
      if (at >= 0) mark(at, size);
    }
  }
  return [...found].sort((a, b) => a - b);
}
