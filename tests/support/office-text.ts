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
  // A CJK character never joins the letters or digits beside it: "は2次元" is four tokens, as "は 2 次元" is.
  return folded.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30FC])[\p{L}\p{N}])+/gu) ?? [];
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

/**
 * The paragraphs of a DOCX as a reader sees them, page by page: the page's header, its body, its
 * footer (page numbers counted as Word counts them); list items with the number or bullet Word
 * draws before them (from numbering.xml), text boxes once (a drawing's VML fallback copy left out).
 */
export function docxTextParagraphs(file: string): string[] {
  const xml = (zipPart(file, 'word/document.xml') ?? '').replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '');
  const labels = listLabeller(zipPart(file, 'word/numbering.xml'));
  const running = runningText(file, xml);
  const out: string[] = [];
  for (const m of xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>|<w:p\/>/g)) {
    const p = m[0];
    out.push(...running.before(m.index));
    const [text] = wordParagraphs(p);
    const num = /<w:numPr>[\s\S]*?<w:ilvl w:val="(\d+)"\/>[\s\S]*?<w:numId w:val="(\d+)"\/>/.exec(p);
    out.push(num ? `${labels(num[2], Number(num[1]))} ${text}` : text);
  }
  out.push(...running.before(Infinity));
  return out;
}

/**
 * The headers and footers of a DOCX, page by page: each section names its parts or keeps the
 * previous section's; a section that is not continuous starts a page; odd and even pages take
 * their own parts when settings.xml asks. `before(offset)` gives the running text due before the
 * body paragraph at that offset of document.xml (a footer, then the next page's header).
 */
function runningText(file: string, documentXml: string): { before(offset: number): string[] } {
  const relsXml = zipPart(file, 'word/_rels/document.xml.rels') ?? '';
  const rels = new Map([...relsXml.matchAll(/<Relationship [^>]*?Id="([^"]+)"[^>]*?Target="([^"]+)"/g)].map((m) => [m[1], m[2]]));
  const evenAndOdd = /<w:evenAndOddHeaders(?: w:val="(?:true|1|on)")?\/>/.test(zipPart(file, 'word/settings.xml') ?? '');
  const parts = new Map<string, string>();
  const part = (target: string) => parts.get(target) ?? parts.set(target, zipPart(file, `word/${target}`) ?? '').get(target)!;
  const sections = [...documentXml.matchAll(/<w:sectPr[ >][\s\S]*?<\/w:sectPr>/g)];
  const refs = new Map<string, string>();
  // Page starts: the body offset where each page begins, with its header and footer targets and number.
  const pages: Array<{ at: number; header?: string; footer?: string; number: number; format: string }> = [];
  let number = 0;
  let format = 'decimal';
  sections.forEach((sect, k) => {
    const x = sect[0];
    for (const [, kind, type, id] of x.matchAll(/<w:(header|footer)Reference [^>]*?w:type="(\w+)"[^>]*?r:id="([^"]+)"/g)) {
      refs.set(`${kind}:${type}`, rels.get(id) ?? '');
    }
    const start = /<w:pgNumType [^>]*?w:start="(\d+)"/.exec(x);
    format = /<w:pgNumType [^>]*?w:fmt="(\w+)"/.exec(x)?.[1] ?? format;
    const startsPage = k === 0 || !/<w:type w:val="continuous"\/>/.test(x);
    if (!startsPage) return;
    number = start ? Number(start[1]) : number + 1;
    const type = evenAndOdd && number % 2 === 0 ? 'even' : 'default';
    // Each section is read as one page: its first, when it has a first-page header of its own.
    const first = /<w:titlePg(?: w:val="(?:true|1|on)")?\/>/.test(x);
    const pick = (kind: string) => (first && refs.get(`${kind}:first`)) || refs.get(`${kind}:${type}`);
    // A section's paragraphs come before its sectPr: the page starts after the previous section's.
    pages.push({ at: k === 0 ? -1 : sections[k - 1].index!, header: pick('header'), footer: pick('footer'), number, format });
  });
  const textOf = (target: string | undefined, page: (typeof pages)[number]) => {
    if (!target) return [];
    const shown = formatNumber(page.number, page.format);
    const pageField =
      /<w:fldChar w:fldCharType="begin"\/>(?:(?!w:fldCharType="end")[\s\S])*?<w:instrText[^>]*>\s*PAGE\s*<\/w:instrText>[\s\S]*?<w:fldChar w:fldCharType="end"\/>/g;
    const xml = part(target)
      .replace(pageField, `<w:t>${shown}</w:t>`)
      .replace(/<w:fldSimple [^>]*w:instr="\s*PAGE\s*"[^>]*>[\s\S]*?<\/w:fldSimple>/g, `<w:r><w:t>${shown}</w:t></w:r>`);
    return wordParagraphs(xml).filter((t) => t.trim());
  };
  let next = 0;
  return {
    before(offset: number) {
      const out: string[] = [];
      while (next < pages.length && pages[next].at < offset) {
        if (next > 0) out.push(...textOf(pages[next - 1].footer, pages[next - 1]));
        out.push(...textOf(pages[next].header, pages[next]));
        next++;
      }
      if (offset === Infinity && next > 0) {
        out.push(...textOf(pages[next - 1].footer, pages[next - 1]));
        next = pages.length + 1;
      }
      return out;
    },
  };
}

function formatNumber(n: number, format: string): string {
  if (format === 'lowerRoman') return romanOf(n);
  if (format === 'upperRoman') return romanOf(n).toUpperCase();
  if (format === 'lowerLetter') return letter(n);
  if (format === 'upperLetter') return letter(n).toUpperCase();
  return String(n);
}

const ROMAN: Array<[number, string]> = [
  [1000, 'm'],
  [900, 'cm'],
  [500, 'd'],
  [400, 'cd'],
  [100, 'c'],
  [90, 'xc'],
  [50, 'l'],
  [40, 'xl'],
  [10, 'x'],
  [9, 'ix'],
  [5, 'v'],
  [4, 'iv'],
  [1, 'i'],
];
function romanOf(n: number): string {
  let out = '';
  for (const [v, r] of ROMAN) while (n >= v) (out += r), (n -= v);
  return out;
}
const letter = (n: number) => String.fromCharCode(96 + (((n - 1) % 26) + 1)).repeat(Math.floor((n - 1) / 26) + 1);

/** Counts list items as Word does and returns each item's label ("3.", "b)", "•"). */
function listLabeller(numberingXml: string | undefined): (numId: string, level: number) => string {
  const abstracts = new Map<string, Map<number, { format: string; text: string; start: number }>>();
  for (const [, id, body] of (numberingXml ?? '').matchAll(/<w:abstractNum [^>]*w:abstractNumId="(\d+)"[^>]*>([\s\S]*?)<\/w:abstractNum>/g)) {
    const levels = new Map<number, { format: string; text: string; start: number }>();
    for (const [, ilvl, lvl] of body.matchAll(/<w:lvl [^>]*w:ilvl="(\d+)"[^>]*>([\s\S]*?)<\/w:lvl>/g)) {
      levels.set(Number(ilvl), {
        format: /<w:numFmt w:val="(\w+)"/.exec(lvl)?.[1] ?? 'decimal',
        text: decode(/<w:lvlText w:val="([^"]*)"/.exec(lvl)?.[1] ?? ''),
        start: Number(/<w:start w:val="(\d+)"/.exec(lvl)?.[1] ?? 1),
      });
    }
    abstracts.set(id, levels);
  }
  const nums = new Map<string, string>();
  for (const [, numId, body] of (numberingXml ?? '').matchAll(/<w:num [^>]*w:numId="(\d+)"[^>]*>([\s\S]*?)<\/w:num>/g)) {
    nums.set(numId, /<w:abstractNumId w:val="(\d+)"/.exec(body)?.[1] ?? '');
  }
  const counters = new Map<string, number[]>();
  return (numId, level) => {
    const levels = abstracts.get(nums.get(numId) ?? '');
    if (!levels) return '';
    const counts = counters.get(numId) ?? [];
    counters.set(numId, counts);
    counts[level] = (counts[level] ?? (levels.get(level)?.start ?? 1) - 1) + 1;
    counts.length = level + 1;
    return (levels.get(level)?.text ?? '').replace(/%(\d)/g, (_, d: string) => {
      const l = Number(d) - 1;
      const n = counts[l] ?? levels.get(l)?.start ?? 1;
      const format = levels.get(l)?.format ?? 'decimal';
      if (format === 'lowerRoman') return romanOf(n);
      if (format === 'upperRoman') return romanOf(n).toUpperCase();
      if (format === 'lowerLetter') return letter(n);
      if (format === 'upperLetter') return letter(n).toUpperCase();
      return String(n);
    });
  };
}

/**
 * Share of the reference's words found in the candidate in the same order, text block by text
 * block (pdftotext's blocks, at its blank lines and form feeds): each block is matched in order
 * (longest common subsequence) near where it lands in the candidate, and the blocks themselves
 * may come in another order. pdftotext reads some pages out of order (a column before the one
 * left of it, tables column by column), which the whole-text score counts against a correct
 * reading.
 */
export function blockOrderScore(reference: string, candidate: string): number {
  const doc = wordTokens(candidate);
  const where = new Map<string, number[]>();
  doc.forEach((t, i) => (where.get(t) ?? where.set(t, []).get(t)!).push(i));
  let matched = 0;
  let total = 0;
  for (const block of reference.split(/\n[ \t]*\n|\f/)) {
    const tokens = wordTokens(block);
    if (!tokens.length) continue;
    total += tokens.length;
    matched += Math.max(0, ...landings(tokens, where).map((start) => lcsNear(tokens, where, start - tokens.length - 20, start + 3 * tokens.length + 20)));
  }
  return total ? matched / total : 1;
}

/**
 * Where a block may land in the candidate: the starts of the few stretches, as long as the block,
 * that hold the most of its words, each word weighted by how rare it is there (a running head
 * lands on every page).
 */
function landings(tokens: readonly string[], where: Map<string, number[]>): number[] {
  const hits = [...new Set(tokens)].flatMap((t) => (where.get(t) ?? []).map((p) => ({ p, w: 1 / where.get(t)!.length }))).sort((a, b) => a.p - b.p);
  const windows: Array<{ at: number; weight: number }> = [];
  let weight = 0;
  for (let lo = 0, hi = 0; hi < hits.length; hi++) {
    weight += hits[hi].w;
    while (hits[hi].p - hits[lo].p > tokens.length) weight -= hits[lo++].w;
    windows.push({ at: hits[lo].p, weight });
  }
  const picked: number[] = [];
  for (const w of windows.sort((a, b) => b.weight - a.weight)) {
    if (picked.length === 4) break;
    if (picked.every((p) => Math.abs(p - w.at) > tokens.length)) picked.push(w.at);
  }
  return picked;
}

/** LCS of the tokens with the candidate's tokens in [from, to], as a longest increasing run of their places. */
function lcsNear(tokens: readonly string[], where: Map<string, number[]>, from: number, to: number): number {
  const tails: number[] = [];
  for (const t of tokens) {
    const places = (where.get(t) ?? []).filter((p) => p >= from && p <= to);
    // Places in decreasing order, so one token matches at most one place.
    for (let k = places.length - 1; k >= 0; k--) {
      const p = places[k];
      let lo = 0;
      let hi = tails.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (tails[mid] < p) lo = mid + 1;
        else hi = mid;
      }
      tails[lo] = p;
    }
  }
  return tails.length;
}

/** The text of a DrawingML part (a slide): a line per paragraph and per line break, shapes in the order the part lists them. */
export function drawingText(xml: string): string {
  return (xml.match(/<a:p[ >][\s\S]*?<\/a:p>|<a:p\/>/g) ?? [])
    .map((p) => (p.match(/<a:t>[^<]*<\/a:t>|<a:br\/>/g) ?? []).map((t) => (t === '<a:br/>' ? '\n' : decode(t.slice(5, -6)))).join(''))
    .join('\n');
}

/** The text of each slide of a PPTX, in slide order. */
export function pptxSlideTexts(file: string): string[] {
  const number = (part: string) => Number(/(\d+)\.xml$/.exec(part)![1]);
  return zipParts(file)
    .filter((p) => /^ppt\/slides\/slide\d+\.xml$/.test(p))
    .sort((a, b) => number(a) - number(b))
    .map((p) => drawingText(zipPart(file, p) ?? ''));
}
