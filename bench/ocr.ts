import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { parseProcessorConfig, type OcrEngineKind } from '#shared/env';
import type { FileKind } from '#shared/file-kinds';
import { getTool } from '#shared/tools';
import { runEngine } from '../worker/src/engines/run';
import { characterErrorRate } from '../worker/src/ocr/cer';
import { analysePage } from '../worker/src/ocr/deskew';
import { greyPgm } from '../worker/src/ocr/ocr-engine';
import { ocrPool } from '../worker/src/ocr/ocr-pool';
import { startOcrEngine } from '../worker/src/ocr/start-engine';
import { PROCESSORS } from '../worker/src/processors';
import { fixture } from '../tests/support/fixtures';
import { median, scratchDir, secs, table, timed } from './lib';

interface OcrFixture {
  file: string;
  truth: string;
  /** Tesseract codes, as the tool takes them. */
  language: string;
  note: string;
}

const FIXTURES: OcrFixture[] = [
  { file: 'ocrmypdf_linn.png', truth: 'ocrmypdf_linn.txt', language: 'eng', note: 'PNG, 300 dpi, straight' },
  { file: 'ocrmypdf_ccitt.pdf', truth: 'ocrmypdf_linn.txt', language: 'eng', note: 'CCITT G4, straight' },
  { file: 'ocrmypdf_skew.pdf', truth: 'ocrmypdf_linn.txt', language: 'eng', note: 'JBIG2, skewed' },
  { file: 'ocrmypdf_rotated_skew.pdf', truth: 'ocrmypdf_linn.txt', language: 'eng', note: '/Rotate 90 and skewed' },
  { file: 'ocrmypdf_francais.pdf', truth: 'ocrmypdf_francais.gt.txt', language: 'fra', note: 'French, JPEG' },
  { file: 'tesseract_eurotext.tif', truth: 'tesseract_eurotext.txt', language: 'eng+fra', note: 'six languages, bilevel TIFF' },
  { file: 'tesseract_phototest.tif', truth: 'tesseract_phototest.txt', language: 'eng', note: 'bilevel TIFF, 200 dpi' },
];

const KINDS: Record<string, FileKind> = { pdf: 'pdf', png: 'png', tif: 'tiff' };
const cer = (text: string, truth: string) => `${(100 * characterErrorRate(text, truth)).toFixed(2)} %`;
const perPage = (seconds: number) => `${secs(seconds)}`;

const ENGINE_NAMES: Record<OcrEngineKind, string> = { native: 'native Tesseract', wasm: 'tesseract.js' };

/**
 * Our tool, end to end: the text output of pdf-ocr on `engine`, on the process's pool (one engine
 * per core). The pool is emptied first, so the time includes starting the engines, as a cold worker would.
 */
async function ours(input: string, language: string, dir: string, engine: OcrEngineKind): Promise<{ text: string; seconds: number }> {
  await ocrPool.close();
  const work = await fs.mkdtemp(path.join(dir, 'ours-'));
  const kind = KINDS[path.extname(input).slice(1)];
  const options = getTool('pdf-ocr')!.options.parse({ language, outtype: 'txt' });
  const { seconds, result } = await timed(() =>
    PROCESSORS['pdf-ocr']({
      inputs: [{ path: input, name: path.basename(input), kind }],
      options,
      workDir: work,
      config: { ...parseProcessorConfig(), OCR_ENGINE: engine },
      signal: new AbortController().signal,
      progress: async () => undefined,
    }),
  );
  return { text: await fs.readFile(result.outputs[0].path, 'utf8'), seconds };
}

/** The page as pixels at 300 dpi (PDFs rendered by pdftoppm), the image every engine below reads. */
async function pageImage(input: string, dir: string): Promise<string> {
  if (!input.endsWith('.pdf')) return input;
  const base = path.join(dir, path.basename(input, '.pdf'));
  await runEngine('pdftoppm', ['-gray', '-png', '-r', '300', '-singlefile', input, base], { timeoutMs: 120_000 });
  return `${base}.png`;
}

/** The skew our analysis finds, in degrees. */
async function measuredSkew(image: string): Promise<string> {
  const { data, info } = await sharp(image).greyscale().resize(1500, 1500, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
  const page = analysePage({ width: info.width, height: info.height, data: new Uint8Array(data) });
  return `${page.skew.angle.toFixed(2)}°${page.isSideways ? ' (sideways)' : ''}`;
}

/** ocrmypdf with page turning and deskewing, reading its sidecar text. */
async function ocrmypdf(input: string, language: string, dir: string, jobs = 1): Promise<{ text: string; seconds: number }> {
  const sidecar = path.join(dir, `${path.basename(input)}-${jobs}.txt`);
  const imageDpi = input.endsWith('.pdf') ? [] : ['--image-dpi', '300'];
  const args = [
    '-q',
    '--rotate-pages',
    '--deskew',
    '--force-ocr',
    '--jobs',
    String(jobs),
    ...imageDpi,
    '-l',
    language,
    '--sidecar',
    sidecar,
    input,
    path.join(dir, `${path.basename(input)}-${jobs}.pdf`),
  ];
  const { seconds } = await timed(() => runEngine('ocrmypdf', args, { timeoutMs: 600_000, env: { OMP_THREAD_LIMIT: '1' } }));
  return { text: await fs.readFile(sidecar, 'utf8'), seconds };
}

/** The pages of the ten-page scan: the three PDF scans of the Linn brochure in turn (straight, skewed, sideways and skewed). */
const TEN_PAGES = ['ocrmypdf_ccitt.pdf', 'ocrmypdf_skew.pdf', 'ocrmypdf_rotated_skew.pdf'];

/** A ten-page scan made of real scanned pages with known text, and that text page after page. */
async function tenPageScan(dir: string): Promise<{ file: string; truth: string }> {
  const file = path.join(dir, 'ten-page-scan.pdf');
  const pages = Array.from({ length: 10 }, (_, i) => fixture(`scanned/${TEN_PAGES[i % TEN_PAGES.length]}`));
  await runEngine('qpdf', ['--empty', '--pages', ...pages.flatMap((p) => [p, '1']), '--', file], { timeoutMs: 60_000 });
  const linn = await fs.readFile(fixture('scanned/ocrmypdf_linn.txt'), 'utf8');
  return { file, truth: Array.from({ length: 10 }, () => linn).join('\n') };
}

/**
 * CPU seconds this process has used, its threads included, plus those of the child processes it
 * has waited for (pdftoppm, qpdf, ocrmypdf and its Tesseracts): fields 14–17 of /proc/self/stat.
 */
async function cpuSeconds(): Promise<number> {
  const stat = await fs.readFile('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [cutime, cstime] = [Number(fields[13]), Number(fields[14])];
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6 + (cutime + cstime) / 100;
}

async function withCpu<T extends object>(work: () => Promise<T>): Promise<T & { cpu: number }> {
  const before = await cpuSeconds();
  const result = await work();
  return { ...result, cpu: (await cpuSeconds()) - before };
}

/**
 * Recognition alone, on the Linn page (300 dpi, straight, nothing to turn): the CPU seconds of one
 * page on each of our engines (tesseract.js warm, native Tesseract a process per page) with the
 * shipped best_int models, and native Tesseract with Debian's fast models as ocrmypdf runs it, one
 * thread each, median of three. This is the floor under every OCR row.
 */
async function recognitionRows(dir: string, haveTesseract: boolean): Promise<string[][]> {
  const image = fixture('scanned/ocrmypdf_linn.png');
  const truth = await fs.readFile(fixture('scanned/ocrmypdf_linn.txt'), 'utf8');
  const runs = async (once: () => Promise<string>) => {
    const cpu: number[] = [];
    let text = '';
    for (let i = 0; i < 3; i++) ({ cpu: cpu[i], text } = await withCpu(async () => ({ text: await once() })));
    return [secs(median(cpu)), cer(text, truth)];
  };
  const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  const pgm = greyPgm(data, info.width, info.height);
  const rows: string[][] = [];
  const kinds: OcrEngineKind[] = haveTesseract ? ['native', 'wasm'] : ['wasm'];
  for (const kind of kinds) {
    const engine = await startOcrEngine(kind, ['eng'], { workDir: await fs.mkdtemp(path.join(dir, 'floor-')), signal: new AbortController().signal });
    try {
      await engine.recognise(pgm, { dpi: 300, textPdf: false });
      const what = kind === 'native' ? 'native Tesseract 5.3, the shipped best_int models: ours' : 'tesseract.js 7 (WebAssembly), best_int: ours, the fallback';
      rows.push([what, ...(await runs(async () => (await engine.recognise(pgm, { dpi: 300, textPdf: false })).text))]);
    } finally {
      await engine.stop();
    }
  }
  if (!haveTesseract) return [...rows, ['native Tesseract', 'not installed', '–']];
  const debianFast = async () =>
    (await runEngine('tesseract', [image, '-', '-l', 'eng', '--psm', '3', '--dpi', '300'], { timeoutMs: 300_000, env: { OMP_THREAD_LIMIT: '1' } })).stdout;
  rows.push(["native Tesseract 5.3, Debian's fast models (as ocrmypdf runs it)", ...(await runs(debianFast))]);
  return rows;
}

/** The ten-page scan to text: pdf-ocr on each engine's pool and ocrmypdf on every core, in the same run. */
async function tenPageRows(dir: string, haveTesseract: boolean, haveOcrmypdf: boolean): Promise<string[][]> {
  const cores = os.availableParallelism();
  const { file, truth } = await tenPageScan(dir);
  const wrapped = haveOcrmypdf ? await withCpu(() => ocrmypdf(file, 'eng', dir, cores)) : undefined;
  const row = (what: string, run: { text: string; seconds: number; cpu: number } | undefined) =>
    run
      ? [what, secs(run.seconds), wrapped ? `${(run.seconds / wrapped.seconds).toFixed(2)}×` : '–', secs(run.cpu / 10), cer(run.text, truth)]
      : [what, 'not installed', '–', '–', '–'];
  const rows: string[][] = [];
  for (const kind of ['native', 'wasm'] as const) {
    if (kind === 'native' && !haveTesseract) {
      rows.push(row('ours, native Tesseract', undefined));
      continue;
    }
    const run = await withCpu(() => ours(file, 'eng', dir, kind));
    const engines = ocrPool.sizeFor(kind);
    rows.push(row(`ours, ${ENGINE_NAMES[kind]}, pool of ${engines} engine${engines === 1 ? '' : 's'}`, run));
  }
  rows.push(row(`ocrmypdf --jobs ${cores}`, wrapped));
  return rows;
}

const installed = async (command: string) =>
  runEngine(command, ['--version'], { timeoutMs: 30_000 }).then(
    () => true,
    () => false,
  );

/**
 * OCR quality and speed: our pdf-ocr (turned upright and straightened first) on native Tesseract and
 * on tesseract.js, against ocrmypdf on the same fixtures, character error rate against the ground
 * truth in tests/fixtures/scanned.
 */
export async function ocrBench(): Promise<string> {
  const dir = await scratchDir('ocr');
  try {
    const haveTesseract = await installed('tesseract');
    const haveOcrmypdf = await installed('ocrmypdf');
    const rows: string[][] = [];
    for (const f of FIXTURES) {
      const input = fixture(`scanned/${f.file}`);
      const truth = await fs.readFile(fixture(`scanned/${f.truth}`), 'utf8');
      const image = await pageImage(input, dir);
      const native = haveTesseract ? await ours(input, f.language, dir, 'native') : undefined;
      const wasm = await ours(input, f.language, dir, 'wasm');
      const wrapped = haveOcrmypdf ? await ocrmypdf(input, f.language, dir) : undefined;
      rows.push([
        `${f.file} (${f.note})`,
        f.language,
        await measuredSkew(image),
        native ? cer(native.text, truth) : 'not installed',
        native ? perPage(native.seconds) : '–',
        cer(wasm.text, truth),
        perPage(wasm.seconds),
        wrapped ? cer(wrapped.text, truth) : 'not installed',
        wrapped ? perPage(wrapped.seconds) : '–',
      ]);
      console.error(`ocr: ${f.file} done`);
    }
    const tenPages = await tenPageRows(dir, haveTesseract, haveOcrmypdf);
    const floor = await recognitionRows(dir, haveTesseract);
    console.error('ocr: ten-page scan done');
    return [
      '## OCR: character error rate and seconds per page',
      '',
      'One page each; CER = edit distance / reference length after whitespace is collapsed (reading order counts).',
      '"Ours" is pdf-ocr end to end with text output (render, turn upright, straighten, recognise), including starting',
      'the engine, on each of its engines: native Tesseract 5.3 (Debian `tesseract-ocr`, a process per page, one thread),',
      'chosen wherever it is installed, and tesseract.js 7 (WebAssembly), the fallback. Both read the shipped',
      '`@tesseract.js-data` `4.0.0_best_int` models (tessdata_best made integer, LSTM only). ocrmypdf is',
      '`ocrmypdf --rotate-pages --deskew --force-ocr` (Debian, native Tesseract with the Debian `tesseract-ocr-<lang>`',
      '4.1.0 models, which are tessdata_fast, one Tesseract thread) reading its sidecar text. `npm run bench` installs it',
      'from scripts/bench-packages.txt. The skew column is the angle our projection-profile search finds. Seconds are',
      'wall-clock on a machine other jobs share: compare within a run.',
      '',
      table(
        ['fixture', 'lang', 'skew found', 'native CER', 'native s/page', 'tesseract.js CER', 'tesseract.js s/page', 'ocrmypdf CER', 'ocrmypdf s/page'],
        rows,
      ),
      '',
      `### A ten-page scan on every core (${os.availableParallelism()} here)`,
      '',
      'Ten real scanned pages (ocrmypdf_ccitt, _skew and _rotated_skew in turn, joined by qpdf), to text; CER against',
      'ocrmypdf_linn.txt ten times. "Ours" is pdf-ocr as it runs: its pages fanned out over the process\'s engines, one per',
      'core within the task memory (TASK_MEMORY_MB), started cold. ocrmypdf has the options of the table above plus',
      '`--jobs <cores>`; "vs ocrmypdf" is the wall time over its wall time in this run (the goal: native ≤ 0.8×).',
      '"CPU per page" is every thread and child process the run used, divided by ten: with every core busy, the wall',
      'time is about that times ten over the cores, so it is what decides the race.',
      '',
      table(['ten-page scan', 'wall', 'vs ocrmypdf', 'CPU per page', 'CER'], tenPages),
      '',
      '### Recognition alone: the floor',
      '',
      'One page (ocrmypdf_linn.png), recognised only: no rendering, turning or straightening, the engine already',
      'started. CPU seconds, median of 3, one thread. The models row decides which models native Tesseract reads:',
      'the shipped best_int ones, unless Debian\'s fast ones read as well.',
      '',
      table(['engine', 'CPU per page', 'CER'], floor),
    ].join('\n');
  } finally {
    await ocrPool.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
