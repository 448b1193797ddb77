import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { parseProcessorConfig } from '#shared/env';
import type { FileKind } from '#shared/file-kinds';
import { getTool } from '#shared/tools';
import { runEngine } from '../worker/src/engines/run';
import { characterErrorRate } from '../worker/src/ocr/cer';
import { analysePage } from '../worker/src/ocr/deskew';
import { ocrPool } from '../worker/src/ocr/ocr-pool';
import { greyPgm, OcrEngine } from '../worker/src/ocr/tesseract';
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

/**
 * Our tool, end to end: the text output of pdf-ocr, on at most `engines` engines of the process's
 * pool. The pool is emptied first, so the time includes starting the engines, as a cold worker would.
 */
async function ours(
  input: string,
  language: string,
  dir: string,
  engines = os.availableParallelism(),
): Promise<{ text: string; seconds: number }> {
  await ocrPool.close();
  ocrPool.configure({ maxEngines: engines });
  const work = await fs.mkdtemp(path.join(dir, 'ours-'));
  const kind = KINDS[path.extname(input).slice(1)];
  const options = getTool('pdf-ocr')!.options.parse({ language, outtype: 'txt' });
  const { seconds, result } = await timed(() =>
    PROCESSORS['pdf-ocr']({
      inputs: [{ path: input, name: path.basename(input), kind }],
      options,
      workDir: work,
      config: parseProcessorConfig(),
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

/** tesseract.js on the page as it is: no turning, no straightening. */
async function unstraightened(image: string, language: string, dir: string): Promise<string> {
  const engine = await OcrEngine.start(language.split('+') as never, {
    workDir: await fs.mkdtemp(path.join(dir, 'plain-')),
    signal: new AbortController().signal,
  });
  try {
    const png = await sharp(image).greyscale().png().toBuffer();
    return (await engine.recognise(png, { dpi: 300, textPdf: false })).text;
  } finally {
    await engine.stop();
  }
}

/** The skew our analysis finds, in degrees. */
async function measuredSkew(image: string): Promise<string> {
  const { data, info } = await sharp(image).greyscale().resize(1500, 1500, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
  const page = analysePage({ width: info.width, height: info.height, data: new Uint8Array(data) });
  return `${page.skew.angle.toFixed(2)}°${page.isSideways ? ' (sideways)' : ''}`;
}

/** Native tesseract 5 on the same image. */
async function nativeTesseract(image: string, language: string): Promise<{ text: string; seconds: number }> {
  // One thread, like tesseract.js and ocrmypdf here: OpenMP's spinning threads only slow a busy machine down.
  const { seconds, result } = await timed(() =>
    runEngine('tesseract', [image, '-', '-l', language, '--psm', '3', '--dpi', '300'], {
      timeoutMs: 300_000,
      env: { OMP_THREAD_LIMIT: '1' },
    }),
  );
  return { text: result.stdout, seconds };
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
 * page in tesseract.js (WebAssembly, warm) and in native Tesseract with the same best_int models and
 * with Debian's fast ones, one thread each, median of three. This is the floor under every OCR row.
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
  const engine = await OcrEngine.start(['eng'], {
    workDir: await fs.mkdtemp(path.join(dir, 'floor-')),
    signal: new AbortController().signal,
  });
  const rows: string[][] = [];
  try {
    const { data, info } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
    const pgm = greyPgm(data, info.width, info.height);
    await engine.recognise(pgm, { dpi: 300, textPdf: false });
    rows.push([
      'tesseract.js 7 (WebAssembly), best_int: ours',
      ...(await runs(async () => (await engine.recognise(pgm, { dpi: 300, textPdf: false })).text)),
    ]);
  } finally {
    await engine.stop();
  }
  if (!haveTesseract) return [...rows, ['native Tesseract', 'not installed', '–']];
  const bestInt = await fs.mkdtemp(path.join(dir, 'best-int-'));
  const gz = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')),
    '4.0.0_best_int',
    'eng.traineddata.gz',
  );
  await fs.writeFile(path.join(bestInt, 'eng.traineddata'), gunzipSync(await fs.readFile(gz)));
  const native = (tessdata: string[]) => async () =>
    (
      await runEngine('tesseract', [image, '-', '-l', 'eng', '--psm', '3', '--dpi', '300', ...tessdata], {
        timeoutMs: 300_000,
        env: { OMP_THREAD_LIMIT: '1' },
      })
    ).stdout;
  rows.push(['native Tesseract 5.3, the same best_int models', ...(await runs(native(['--tessdata-dir', bestInt])))]);
  rows.push(["native Tesseract 5.3, Debian's fast models (as ocrmypdf runs it)", ...(await runs(native([])))]);
  return rows;
}

/** The ten-page scan to text: our pool against one engine (the way before it) and ocrmypdf on every core. */
async function tenPageRows(dir: string, haveOcrmypdf: boolean): Promise<string[][]> {
  const cores = os.availableParallelism();
  const { file, truth } = await tenPageScan(dir);
  const one = await withCpu(() => ours(file, 'eng', dir, 1));
  const pool = await withCpu(() => ours(file, 'eng', dir, cores));
  const engines = ocrPool.size;
  const wrapped = haveOcrmypdf ? await withCpu(() => ocrmypdf(file, 'eng', dir, cores)) : undefined;
  const row = (what: string, run: { text: string; seconds: number; cpu: number } | undefined) =>
    run
      ? [what, secs(run.seconds), secs(run.seconds / 10), secs(run.cpu / 10), cer(run.text, truth)]
      : [what, 'not installed', '–', '–', '–'];
  return [
    row(`ours, pool of ${engines} engine${engines === 1 ? '' : 's'}`, pool),
    row('ours, one engine (before the pool)', one),
    row(`ocrmypdf --jobs ${cores}`, wrapped),
  ];
}

const installed = async (command: string) =>
  runEngine(command, ['--version'], { timeoutMs: 30_000 }).then(
    () => true,
    () => false,
  );

/**
 * OCR quality and speed: our pdf-ocr (tesseract.js, turned upright and straightened first) against
 * native tesseract and ocrmypdf on the same one-page fixtures, character error rate against the
 * ground truth in tests/fixtures/scanned.
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
      const mine = await ours(input, f.language, dir);
      const plain = await unstraightened(image, f.language, dir);
      const native = haveTesseract ? await nativeTesseract(image, f.language) : undefined;
      const wrapped = haveOcrmypdf ? await ocrmypdf(input, f.language, dir) : undefined;
      rows.push([
        `${f.file} (${f.note})`,
        f.language,
        await measuredSkew(image),
        cer(mine.text, truth),
        perPage(mine.seconds),
        cer(plain, truth),
        native ? cer(native.text, truth) : 'not installed',
        native ? perPage(native.seconds) : '–',
        wrapped ? cer(wrapped.text, truth) : 'not installed',
        wrapped ? perPage(wrapped.seconds) : '–',
      ]);
      console.error(`ocr: ${f.file} done`);
    }
    const tenPages = await tenPageRows(dir, haveOcrmypdf);
    const floor = await recognitionRows(dir, haveTesseract);
    console.error('ocr: ten-page scan done');
    return [
      '## OCR: character error rate and seconds per page',
      '',
      'One page each; CER = edit distance / reference length after whitespace is collapsed (reading order counts).',
      '"Ours" is pdf-ocr end to end with text output (render, turn upright, straighten, tesseract.js 7 with the',
      '`@tesseract.js-data` `4.0.0_best_int` models, tessdata_best made integer, LSTM only; one page is one worker thread),',
      'including starting the worker. "Unstraightened" is the same tesseract.js on the 300 dpi page as it is.',
      'Native: `tesseract --psm 3` (5.3, Debian `tesseract-ocr`, with the Debian `tesseract-ocr-<lang>` 4.1.0 models,',
      'which are tessdata_fast, one thread) on the same 300 dpi image, and `ocrmypdf --rotate-pages --deskew --force-ocr`',
      '(Debian 14, the same native Tesseract and fast models, one Tesseract thread) reading its sidecar text.',
      '`npm run bench` installs both from scripts/bench-packages.txt. The skew column is the angle our',
      'projection-profile search finds. Seconds are wall-clock on a machine other jobs share: compare within a run.',
      '',
      table(
        [
          'fixture',
          'lang',
          'skew found',
          'ours CER',
          'ours s/page',
          'unstraightened CER',
          'tesseract CER',
          'tesseract s/page',
          'ocrmypdf CER',
          'ocrmypdf s/page',
        ],
        rows,
      ),
      '',
      `### A ten-page scan on every core (${os.availableParallelism()} here)`,
      '',
      'Ten real scanned pages (ocrmypdf_ccitt, _skew and _rotated_skew in turn, joined by qpdf), to text; CER against',
      'ocrmypdf_linn.txt ten times. "Pool" is pdf-ocr as it runs: its pages fanned out over the process\'s tesseract.js',
      'engines, one per core within the task memory (TASK_MEMORY_MB); "one engine" is the same code held to one engine,',
      'as every page was read before; both start cold. ocrmypdf has the options of the table above plus `--jobs <cores>`.',
      '"CPU per page" is every thread and child process the run used, divided by ten: with every core busy, the wall',
      'time is about that times ten over the cores, so it is what decides the race. Most of ours is tesseract.js',
      "recognising (WebAssembly), most of ocrmypdf's is native Tesseract with the fast models.",
      '',
      table(['ten-page scan', 'wall', 'per page', 'CPU per page', 'CER'], tenPages),
      '',
      '### Recognition alone: the floor',
      '',
      'One page (ocrmypdf_linn.png), recognised only: no rendering, turning or straightening, the engine already',
      'started. CPU seconds, median of 3, one thread. The design fixes tesseract.js as the OCR engine; its WebAssembly',
      'build needs this much CPU per page whatever surrounds it.',
      '',
      table(['engine', 'CPU per page', 'CER'], floor),
    ].join('\n');
  } finally {
    await ocrPool.close();
    ocrPool.configure({ maxEngines: os.availableParallelism() });
    await fs.rm(dir, { recursive: true, force: true });
  }
}
