import fs from 'node:fs/promises';
import path from 'node:path';
import { runEngine } from '../worker/src/engines/run';
import { extractLayout } from '../worker/src/pdf-to-office/extract-pdf';
import { writeDocx } from '../worker/src/pdf-to-office/write-docx';
import { blockOrderScore, docxTextParagraphs, wordOrderScore, wordParagraphs, zipPart, zipParts } from '../tests/support/office-text';
import { fixture } from '../tests/support/fixtures';
import { runProcessor, scratchDir, secs, table, timed } from './lib';

/** Text-heavy PDFs of every layout the converter must read: columns, headings, lists, tables, right to left, CJK. */
const FILES: Array<{ file: string; note: string }> = [
  { file: 'pypdf_multicolumn.pdf', note: 'LaTeX, two columns, a table' },
  { file: 'pdfjs_tracemonkey.pdf', note: 'LaTeX paper, two columns, figures, tables' },
  { file: 'plumber_federal-register-2020-17221.pdf', note: 'three columns, lists' },
  { file: 'plumber_chelsea_pdta.pdf', note: 'French report, tables, charts' },
  { file: 'plumber_word365_structure.pdf', note: 'Word: headings, lists, a table' },
  { file: 'ocrmypdf_tagged.pdf', note: 'LibreOffice: headings, a table' },
  { file: 'pdfjs_issue11656_hebrew.pdf', note: 'Hebrew (right to left)' },
  { file: 'pdfjs_issue16538_japanese.pdf', note: 'Japanese' },
  { file: 'pdfjs_issue12823_chinese.pdf', note: 'Chinese' },
  { file: 'plumber_WARN-Report.pdf', note: 'tables only' },
];

interface Measure {
  seconds: number;
  strict: number;
  block: number;
  paragraphs: number;
  tables: number;
  pictures: number;
}

function measure(docx: string, reference: string, seconds: number): Measure {
  const xml = (zipPart(docx, 'word/document.xml') ?? '').replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '');
  const paragraphs = docxTextParagraphs(docx);
  const text = paragraphs.join('\n');
  return {
    seconds,
    strict: wordOrderScore(reference, text),
    block: blockOrderScore(reference, text),
    paragraphs: paragraphs.filter((p) => p.trim()).length,
    tables: (xml.match(/<w:tbl>/g) ?? []).length,
    pictures: (xml.match(/<pic:pic[ >]/g) ?? []).length,
  };
}

/** LibreOffice's own PDF import (Draw's page model: a text box per line), saved as DOCX. */
async function libreOffice(pdf: string, dir: string, profile: string): Promise<string> {
  await runEngine(
    'soffice',
    [`-env:UserInstallation=file://${profile}`, '--headless', '--infilter=writer_pdf_import', '--convert-to', 'docx', '--outdir', dir, pdf],
    { timeoutMs: 900_000 },
  );
  return path.join(dir, `${path.basename(pdf, '.pdf')}.docx`);
}

const pct = (v: number) => `${(100 * v).toFixed(1)} %`;

/**
 * PDF to Word on the text-heavy fixtures: our converter (the whole tool, qpdf repair included)
 * against LibreOffice's PDF import, in the same run. Words are pdftotext's: the share found in
 * the same order in the DOCX's text (read from word/document.xml, list numbers included), over
 * the whole text and block by block (pdftotext reads some pages' blocks out of order: a right
 * column first, tables column by column); then paragraphs against pdftotext's lines.
 */
export async function pdfToWordBench(): Promise<string> {
  const dir = await scratchDir('pdf-to-word');
  const profile = path.join(dir, 'soffice-profile');
  const rows: string[][] = [];
  try {
    // Untimed: LibreOffice's first start in a fresh profile sets the profile up.
    await libreOffice(fixture(`pdf/${FILES[0].file}`), await fs.mkdtemp(path.join(dir, 'warm-')), profile);
    for (const { file, note } of FILES) {
      const pdf = fixture(`pdf/${file}`);
      const { stdout: reference } = await runEngine('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { timeoutMs: 120_000 });
      const lines = reference.split('\n').filter((l) => l.trim()).length;
      const work = await fs.mkdtemp(path.join(dir, 'ours-'));
      const { seconds: oursSeconds, result } = await timed(() => runProcessor('pdf-to-word', [pdf], {}, work));
      const ours = measure(result.outputs[0].path, reference, oursSeconds);
      const loDir = await fs.mkdtemp(path.join(dir, 'lo-'));
      const { seconds: loSeconds, result: loDocx } = await timed(() => libreOffice(pdf, loDir, profile));
      const lo = measure(loDocx, reference, loSeconds);
      for (const [engine, m] of [['Sheaf', ours], ['LibreOffice', lo]] as const) {
        rows.push([
          engine === 'Sheaf' ? `\`${file}\` (${note})` : '',
          engine,
          secs(m.seconds),
          pct(m.strict),
          pct(m.block),
          `${m.paragraphs} / ${lines}`,
          String(m.tables),
          String(m.pictures),
        ]);
      }
      console.error(`pdf-to-word: ${file} done`);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  return [
    '## PDF to Word: Sheaf vs LibreOffice PDF import',
    '',
    'Each file converted once by our tool (`pdf-to-word`, qpdf repair included) and once by',
    '`soffice --infilter=writer_pdf_import --convert-to docx` (a soffice started per file, its profile reused).',
    "Word recall: the share of pdftotext's words found in the DOCX text in the same order (longest common",
    'subsequence), over the whole text, and block by block (pdftotext blocks may come in another order).',
    "Paragraphs: non-empty paragraphs of the DOCX against pdftotext's non-empty lines. Tables: `w:tbl`; pictures: `pic:pic`.",
    'pdftotext reads a table column by column: both converters read tables row by row and score low on the tables-only report.',
    'Our figures are pictured whole, and their labels also set as text after the picture. The words still missing from our',
    "DOCX are few (tracemonkey: 31 of 13,924: small capitals pdftotext splits, \"F ORCES\", and compounds broken at a line's",
    'end, "IEEE-⏎754", that the token rule joins into one word). The rest of the gap to 100 % over the whole text is',
    "pdftotext's order: a right column first, tables column by column, a diagram's labels in an order of its own.",
    '',
    table(['file', 'converter', 'seconds', 'in order (whole)', 'in order (by block)', 'paragraphs / lines', 'tables', 'pictures'], rows),
  ].join('\n');
}

/** Documents with running heads and feet: a manual, a report, a register in three columns, lecture notes. */
const RUNNING_FILES: Array<{ file: string; note: string }> = [
  { file: 'sheaf_bicycle-manual.pdf', note: 'LibreOffice: title header, "Page N" footer' },
  { file: 'plumber_chelsea_pdta.pdf', note: 'French report: title header, footer, annexes numbered anew' },
  { file: 'plumber_federal-register-2020-17221.pdf', note: 'three columns, odd/even heads, a print stamp' },
  { file: 'pypdf_GeoTopo-komprimiert.pdf', note: 'LaTeX lecture notes, chapter heads' },
  { file: 'pdfjs_tracemonkey.pdf', note: 'LaTeX paper, two columns, none' },
  { file: 'pypdf_multicolumn.pdf', note: 'LaTeX, two columns, page numbers' },
];

/**
 * Sentences a page break cuts, checked by hand on pdftotext's text of each fixture: the page, the
 * last words on it and the first words on the next, where the text goes straight on (the cut
 * paragraph ends the page's last column and the next page opens with the rest). Tracemonkey's
 * two other cut sentences go on under a table (page 12) and under a figure (page 13): not these.
 */
const PAGE_CUTS: Record<string, Array<[page: number, end: string, start: string]>> = {
  'sheaf_bicycle-manual.pdf': [[3, 'even when nothing is wrong. Underinflated tyres', 'wear quickly, make the bicycle hard work']],
  'plumber_chelsea_pdta.pdf': [[18, 'et à ses deux villages en fonction des distances', 'généralement considérées comme praticables']],
  'plumber_federal-register-2020-17221.pdf': [
    [1, 'was involved in an accident after takeoff from Soekarno-', 'Hatta International Airport in Jakarta'],
    [2, 'changes, the FAA also proposes to', 'require operators to conduct an AOA'],
    [3, 'and (4) add erroneous AOA as a', 'potential cause for unreliable airspeed'],
    [6, 'through (10) of this AD may be done by', 'inserting a copy of figures 1 through 9'],
    [14, 'the person identified in paragraph (q)(1) of', 'this AD. Information may be emailed'],
  ],
  'pypdf_GeoTopo-komprimiert.pdf': [
    [18, 'kann man I in endlich viele Intervalle', 'der Länge δ unterteilen'],
    [107, 'Da aber x ∈ h, kann h nicht', 'parallel zu g sein, denn ansonsten'],
  ],
  'pdfjs_tracemonkey.pdf': [
    [4, 'In TraceMonkey, objects’ rep-', 'resentations are assigned an integer key'],
    [13, 'expressed here are those of the author and should', 'not be interpreted as necessarily'],
  ],
  'pypdf_multicolumn.pdf': [[1, 'Quisque egestas wisi eget nunc. Nam feugiat', 'lacus vel est. Curabitur consectetuer.']],
};

/** Letters and digits only: the same words whether a line's end hyphen went or stayed, whatever the spaces. */
const bare = (s: string) =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** The hand-checked cuts (PAGE_CUTS) that pdftotext confirms: the end on its page, the start on the next. */
async function pageCutsOf(pdf: string, file: string): Promise<Array<[string, string]>> {
  const pageText = async (n: number) =>
    bare((await runEngine('pdftotext', ['-f', String(n), '-l', String(n), '-enc', 'UTF-8', pdf, '-'], { timeoutMs: 60_000 })).stdout);
  const out: Array<[string, string]> = [];
  for (const [page, end, start] of PAGE_CUTS[file] ?? []) {
    if (!(await pageText(page)).includes(bare(end)) || !(await pageText(page + 1)).includes(bare(start)))
      throw new Error(`${file}: the cut after page ${page} ("${end}" | "${start}") is not where pdftotext reads it`);
    out.push([bare(end), bare(start)]);
  }
  return out;
}

/** How many of the cuts the DOCX leaves in two paragraphs: its two sides not one after the other in a paragraph. */
function cutsLeft(cuts: ReadonlyArray<[string, string]>, paragraphs: readonly string[], file: string): number {
  const texts = paragraphs.map(bare);
  return cuts.filter(([end, start]) => {
    if (!texts.some((t) => t.includes(end)) || !texts.some((t) => t.includes(start)))
      throw new Error(`${file}: a side of the cut "${end}" | "${start}" is not in the DOCX`);
    return !texts.some((t) => t.includes(end + start));
  }).length;
}

/**
 * The running lines of each page by pdftotext's reading (-layout): a first or last line of a page
 * whose text, its numbers set aside, is the first (last) line of at least a fifth of the pages
 * (two at least, three from ten pages). Made apart from the converter's own detection.
 */
function runningLinesOf(layoutText: string): string[][] {
  const pages = layoutText
    .replace(/\f$/, '')
    .split('\f')
    .map((p) => p.split('\n').filter((l) => l.trim()));
  const key = (l: string) => l.trim().replace(/\d+/g, '#').replace(/\s+/g, ' ');
  const need = Math.max(2, Math.min(3, Math.ceil(0.2 * pages.length)));
  const ends = (pick: (lines: string[]) => string | undefined) => {
    const counts = new Map<string, number>();
    for (const p of pages) {
      const l = pick(p);
      if (l) counts.set(key(l), (counts.get(key(l)) ?? 0) + 1);
    }
    return (l: string | undefined) => l !== undefined && (counts.get(key(l)) ?? 0) >= need;
  };
  const firsts = ends((p) => p[0]);
  const lasts = ends((p) => p.at(-1));
  return pages.map((p) => [...(firsts(p[0]) ? [p[0]] : []), ...(p.length > 1 && lasts(p.at(-1)) ? [p.at(-1)!] : [])]);
}

/** Body paragraphs of a DOCX page by page (sections that start a page), tables and framed paragraphs apart. */
function bodyPages(docx: string): { flow: string[][]; framed: number } {
  const xml = (zipPart(docx, 'word/document.xml') ?? '')
    .replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '')
    .replace(/<w:tbl>[\s\S]*?<\/w:tbl>/g, '');
  // A section's sectPr ends it: a page starts after the sectPr before a section that is not continuous.
  const sects = [...xml.matchAll(/<w:sectPr[ >][\s\S]*?<\/w:sectPr>/g)];
  const pageStarts = sects.flatMap((m, k) => (k > 0 && !/<w:type w:val="continuous"\/>/.test(m[0]) ? [sects[k - 1].index!] : []));
  const flow: string[][] = [[]];
  let framed = 0;
  let page = 0;
  for (const m of xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)) {
    while (page < pageStarts.length && pageStarts[page] < m.index) (page++, flow.push([]));
    const text = wordParagraphs(m[0])[0].replace(/\s+/g, ' ').trim();
    if (!text) continue;
    if (m[0].includes('<w:framePr')) framed++;
    else flow[page].push(text);
  }
  return { flow, framed };
}

/** Running lines found among the body paragraphs of their own page: the line itself, or its pieces (set apart by wide gaps) each a paragraph. */
function runningInBody(running: string[][], flow: string[][]): number {
  let found = 0;
  running.forEach((lines, i) => {
    const paragraphs = flow[i] ?? [];
    for (const line of lines) {
      const whole = line.trim().replace(/\s+/g, ' ');
      const pieces = line.trim().split(/\s{2,}/);
      if (paragraphs.includes(whole) || (pieces.length > 1 && pieces.every((p) => paragraphs.includes(p.replace(/\s+/g, ' '))))) found++;
    }
  });
  return found;
}

/**
 * Page furniture: running heads and feet left in the body of the Word document, with the Word
 * writer's furniture detection off and on, from the same extracted layout in the same run; with
 * it on they go to Word's header and footer, or in frames out of the flow.
 */
export async function pdfToWordRunningBench(): Promise<string> {
  const dir = await scratchDir('pdf-to-word-running');
  const rows: string[][] = [];
  try {
    for (const { file, note } of RUNNING_FILES) {
      const pdf = fixture(`pdf/${file}`);
      const { stdout: layoutText } = await runEngine('pdftotext', ['-layout', '-enc', 'UTF-8', pdf, '-'], { timeoutMs: 120_000 });
      const { stdout: reference } = await runEngine('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { timeoutMs: 120_000 });
      const running = runningLinesOf(layoutText);
      const cuts = await pageCutsOf(pdf, file);
      const layout = await extractLayout(pdf, { workDir: dir, images: true, figures: true });
      const result: Record<'off' | 'on', { inBody: number; framed: number; parts: number; cut: number; whole: number; block: number }> =
        {} as never;
      for (const mode of ['off', 'on'] as const) {
        const docx = path.join(dir, `${mode}.docx`);
        await writeDocx(layout, docx, { furniture: mode === 'on' });
        const { flow, framed } = bodyPages(docx);
        const paragraphs = docxTextParagraphs(docx);
        const text = paragraphs.join('\n');
        const withText = (part: string) =>
          /^word\/(header|footer)\d+\.xml$/.test(part) && wordParagraphs(zipPart(docx, part) ?? '').some((t) => t.trim());
        const parts = zipParts(docx).filter(withText).length;
        const [whole, block] = [wordOrderScore(reference, text), blockOrderScore(reference, text)];
        result[mode] = { inBody: runningInBody(running, flow), framed, parts, cut: cutsLeft(cuts, paragraphs, file), whole, block };
      }
      const { off, on } = result;
      rows.push([
        `\`${file}\` (${note})`,
        String(running.length),
        String(running.flat().length),
        `${off.inBody} → ${on.inBody}`,
        String(on.framed),
        String(on.parts),
        `${off.cut} → ${on.cut} of ${cuts.length}`,
        `${pct(off.whole)} → ${pct(on.whole)}`,
        `${pct(off.block)} → ${pct(on.block)}`,
      ]);
      console.error(`pdf-to-word-running: ${file} done`);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  return [
    '## PDF to Word: running heads and feet',
    '',
    "Running lines: pdftotext's (-layout) first and last lines of each page whose text, numbers set aside, opens (ends) at least",
    'a fifth of the pages: found apart from the converter. In the body: those found as body paragraphs of their own page (tables',
    'and frames left out), furniture detection off → on, from one extracted layout. With it on, lines that repeat but for the page',
    "number go to Word's header and footer parts (the number a PAGE field); others sit in frames out of the flow. Word order as in",
    "the section above, the DOCX read as a reader sees it: each page's header, body and footer. Cut by a page break: sentences",
    "that a page break cuts, checked by hand on pdftotext's text (the last words of a page and the first of the next, where the",
    'text goes straight on; pdftotext confirms each), that the DOCX leaves in two paragraphs, off → on.',
    '',
    table(
      [
        'file',
        'pages',
        'running lines',
        'in the body (off → on)',
        'framed (on)',
        'header/footer parts',
        'cut by a page break',
        'in order',
        'by block',
      ],
      rows,
    ),
  ].join('\n');
}
