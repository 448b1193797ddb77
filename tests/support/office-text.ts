import { execFileSync } from 'node:child_process';

/**
 * Reading Office files back for the checks and the benchmark: the parts of a zip (python3's
 * zipfile, as the other tests use), the paragraphs of a DOCX, and a word-order score against
 * pdftotext's text.
 */

/** One part of an Office (zip) file as text; undefined when the part is missing. */
export function zipPart(file: string, part: string): string | undefined {
  const script = 'import sys,zipfile\nz=zipfile.ZipFile(sys.argv[1])\nn=sys.argv[2]\nsys.stdout.write(z.read(n).decode("utf-8") if n in z.namelist() else "\\u0000")';
  const out = execFileSync('python3', ['-c', script, file, part], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  return out === '\u0000' ? undefined : out;
}

/** Names of the parts of a zip. */
export function zipParts(file: string): string[] {
  return execFileSync('python3', ['-c', 'import sys,zipfile;print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', file], { encoding: 'utf8' })
    .trim()
    .split('\n');
}

const decode = (s: string) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n))).replace(/&amp;/g, '&');

/** The text of each paragraph of a WordprocessingML part (table cells included), in document order. */
export function wordParagraphs(xml: string): string[] {
  const out: string[] = [];
  for (const p of xml.match(/<w:p[ >][\s\S]*?<\/w:p>|<w:p\/>/g) ?? []) {
    const text = (p.match(/<w:t(?: [^>]*)?>[^<]*<\/w:t>|<w:tab\/>|<w:br\/>/g) ?? [])
      .map((t) => (t.startsWith('<w:t') && !t.startsWith('<w:tab') ? decode(t.replace(/<[^>]+>/g, '')) : ' '))
      .join('');
    out.push(text);
  }
  return out;
}

/** The paragraphs of a DOCX file's body. */
export function docxParagraphs(file: string): string[] {
  return wordParagraphs(zipPart(file, 'word/document.xml') ?? '');
}

/**
 * Word tokens for comparing texts that break lines differently: accents and case folded, line-end
 * hyphenation undone, punctuation dropped; CJK characters count one token each.
 */
export function wordTokens(text: string): string[] {
  const joined = text.replace(/(\p{L})[-\u00AD\u2010]\s*\n\s*(\p{Ll})/gu, '$1$2');
  const folded = joined
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/g, 'i')
    .toLowerCase();
  return folded.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Share of the reference's words that the candidate has in the same order: the longest common
 * subsequence of the two token lists over the reference's length (Myers' O(ND) difference).
 */
export function wordOrderScore(reference: string, candidate: string): number {
  const a = wordTokens(reference);
  const b = wordTokens(candidate);
  if (!a.length) return 1;
  return lcsLength(a, b) / a.length;
}

export function lcsLength(a: readonly string[], b: readonly string[]): number {
  // Interning the tokens makes the comparisons integer ones.
  const ids = new Map<string, number>();
  const id = (s: string) => ids.get(s) ?? (ids.set(s, ids.size), ids.size - 1);
  const x = Int32Array.from(a, id);
  const y = Int32Array.from(b, id);
  const n = x.length;
  const m = y.length;
  const max = n + m;
  const v = new Int32Array(2 * max + 2);
  for (let d = 0; d <= max; d++) {
    for (let k = -d; k <= d; k += 2) {
      let i = k === -d || (k !== d && v[max + k - 1] < v[max + k + 1]) ? v[max + k + 1] : v[max + k - 1] + 1;
      let j = i - k;
      while (i < n && j < m && x[i] === y[j]) {
        i++;
        j++;
      }
      v[max + k] = i;
      if (i >= n && j >= m) return (n + m - d) / 2;
    }
  }
  return 0;
}
