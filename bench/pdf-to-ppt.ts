import fs from 'node:fs/promises';
import path from 'node:path';
import { runEngine } from '../worker/src/engines/run';
import { blockOrderScore, pptxSlideTexts, wordTokens, zipPart, zipParts } from '../tests/support/office-text';
import { fixture } from '../tests/support/fixtures';
import { kb, runProcessor, scratchDir, secs, table, timed } from './lib';

const FILES: Array<{ file: string; note: string }> = [
  { file: 'pypdf_multicolumn.pdf', note: 'LaTeX, two columns' },
  { file: 'pdfjs_tracemonkey.pdf', note: 'LaTeX paper, figures, tables' },
  { file: 'plumber_federal-register-2020-17221.pdf', note: 'three columns, a margin stamp' },
  { file: 'plumber_WARN-Report.pdf', note: 'landscape, ruled table' },
  { file: 'plumber_word365_structure.pdf', note: 'Word: headings, lists, a table' },
];

/**
 * A word is in place when the rendered deck has the same word this close (points, in x and in y);
 * on its line when it is that close in y and within a few words' width in x (a substitute font,
 * or spaces of another width, move the words along their line, not off it).
 */
const IN_PLACE_PT = 2;
const ALONG_LINE_PT = 20;

interface Word {
  text: string;
  x: number;
  y: number;
}

async function pdfWords(pdf: string): Promise<Word[]> {
  const { stdout } = await runEngine('pdftotext', ['-bbox', pdf, '-'], { timeoutMs: 120_000 });
  const words: Word[] = [];
  let page = -1;
  for (const line of stdout.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)<\/word>/.exec(line);
    // Pages stacked far apart, so a word is only compared with the words of its own page.
    if (m) words.push({ text: m[3], x: Number(m[1]), y: Number(m[2]) + 100_000 * page });
  }
  return words;
}

/** Share of the PDF's words that the deck, drawn by LibreOffice, shows within `dx` and `dy` points of where they were. */
function inPlace(original: Word[], rendered: Word[], dx: number, dy: number): number {
  const byText = new Map<string, Word[]>();
  for (const w of rendered) (byText.get(w.text) ?? byText.set(w.text, []).get(w.text)!).push(w);
  const placed = original.filter((w) => (byText.get(w.text) ?? []).some((r) => Math.abs(r.x - w.x) <= dx && Math.abs(r.y - w.y) <= dy));
  return original.length ? placed.length / original.length : 1;
}

/** Share of the reference's words (with repeats) found anywhere in the candidate. */
function recall(reference: string, candidate: string): number {
  const left = new Map<string, number>();
  for (const t of wordTokens(candidate)) left.set(t, (left.get(t) ?? 0) + 1);
  const ref = wordTokens(reference);
  let found = 0;
  for (const t of ref) {
    const n = left.get(t) ?? 0;
    if (n > 0) {
      found++;
      left.set(t, n - 1);
    }
  }
  return ref.length ? found / ref.length : 1;
}

async function soffice(profile: string, args: string[]) {
  await runEngine('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', ...args], { timeoutMs: 600_000 });
}

interface Measure {
  seconds: number;
  bytes: number;
  slides: number;
  boxesPerSlide: number;
  inOrder: number;
  recall: number;
  inPlace: number;
  onLine: number;
}

async function measure(pptx: string, pdf: string, seconds: number, dir: string, profile: string): Promise<Measure> {
  const slides = pptxSlideTexts(pptx);
  const pages = (await runEngine('pdftotext', ['-enc', 'UTF-8', pdf, '-'], { timeoutMs: 120_000 })).stdout.split('\f').slice(0, -1);
  const words = pages.map((p) => p.match(/[\p{L}\p{N}]+/gu)?.length ?? 0);
  const total = words.reduce((a, b) => a + b, 0) || 1;
  const slideParts = zipParts(pptx).filter((p) => /^ppt\/slides\/slide\d+\.xml$/.test(p));
  const boxes = slideParts.reduce((n, p) => n + ((zipPart(pptx, p) ?? '').match(/<p:txBody>/g) ?? []).length, 0);
  const out = await fs.mkdtemp(path.join(dir, 'render-'));
  await soffice(profile, ['--convert-to', 'pdf', '--outdir', out, pptx]);
  const theirs = await pdfWords(pdf);
  const drawn = await pdfWords(path.join(out, `${path.basename(pptx, '.pptx')}.pdf`));
  return {
    seconds,
    bytes: (await fs.stat(pptx)).size,
    slides: slides.length,
    boxesPerSlide: boxes / Math.max(1, slides.length),
    inOrder: pages.reduce((s, p, i) => s + blockOrderScore(p, slides[i] ?? '') * words[i], 0) / total,
    recall: recall(pages.join('\n'), slides.join('\n')),
    inPlace: inPlace(theirs, drawn, IN_PLACE_PT, IN_PLACE_PT),
    onLine: inPlace(theirs, drawn, ALONG_LINE_PT, IN_PLACE_PT),
  };
}

const pct = (v: number) => `${(100 * v).toFixed(1)} %`;

/**
 * PDF to PowerPoint: our converter (the whole tool, qpdf repair included) against LibreOffice's
 * PDF import saved as PPTX, in the same run, on the same files.
 */
export async function pdfToPptBench(): Promise<string> {
  const dir = await scratchDir('pdf-to-ppt');
  const profile = path.join(dir, 'soffice-profile');
  const rows: string[][] = [];
  try {
    // Untimed: LibreOffice's first start in a fresh profile sets the profile up.
    await soffice(profile, ['--infilter=impress_pdf_import', '--convert-to', 'pptx', '--outdir', await fs.mkdtemp(path.join(dir, 'warm-')), fixture(`pdf/${FILES[0].file}`)]);
    for (const { file, note } of FILES) {
      const pdf = fixture(`pdf/${file}`);
      const work = await fs.mkdtemp(path.join(dir, 'ours-'));
      const { seconds: oursSeconds, result } = await timed(() => runProcessor('pdf-to-ppt', [pdf], {}, work));
      const ours = await measure(result.outputs[0].path, pdf, oursSeconds, dir, profile);
      const loDir = await fs.mkdtemp(path.join(dir, 'lo-'));
      const { seconds: loSeconds } = await timed(() => soffice(profile, ['--infilter=impress_pdf_import', '--convert-to', 'pptx', '--outdir', loDir, pdf]));
      const lo = await measure(path.join(loDir, `${path.basename(pdf, '.pdf')}.pptx`), pdf, loSeconds, dir, profile);
      for (const [engine, m] of [['Sheaf', ours], ['LibreOffice', lo]] as const) {
        rows.push([
          engine === 'Sheaf' ? `\`${file}\` (${note})` : '',
          engine,
          secs(m.seconds),
          kb(m.bytes),
          String(m.slides),
          m.boxesPerSlide.toFixed(0),
          pct(m.inOrder),
          pct(m.recall),
          pct(m.onLine),
          pct(m.inPlace),
        ]);
      }
      console.error(`pdf-to-ppt: ${file} done`);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  return [
    '## PDF to PowerPoint: Sheaf vs LibreOffice PDF import',
    '',
    'Each file converted once by our tool (`pdf-to-ppt`, qpdf repair included) and once by',
    '`soffice --infilter=impress_pdf_import --convert-to pptx` (a soffice started per file, its profile reused).',
    "Words are pdftotext's: in order, the share found in the slide's text in the same order, block by block;",
    'recall, the share found anywhere in the deck. Text boxes: shapes holding text, per slide (fewer is easier to edit).',
    `Placed: the deck drawn by LibreOffice (\`--convert-to pdf\`), the share of the PDF's words shown on their line (within ${IN_PLACE_PT} pt up or down,`,
    `${ALONG_LINE_PT} pt along it) and within ${IN_PLACE_PT} pt of where they were.`,
    '',
    table(['file', 'converter', 'seconds', 'size', 'slides', 'text boxes / slide', 'words in order', 'word recall', 'on their line', 'in place'], rows),
  ].join('\n');
}
