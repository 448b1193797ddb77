import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '#shared/errors';
import { runEngine } from './run';

const GS = 'gs';
/** Rewriting a long image-heavy document is Ghostscript's slowest job; the task limit usually stops it first. */
const TIMEOUT_MS = 300_000;

/** How hard images are squeezed: target resolution and JPEG quality (IJG scale, 1–100). */
export interface ImageProfile {
  dpi: number;
  jpegQuality: number;
}

/** Only images above this multiple of the target resolution are resampled: below it the loss buys little space. */
export const DOWNSAMPLE_THRESHOLD = 1.5;

/** Ghostscript says this (exit code 0) when it could not read the document at all. */
const NOTHING_PROCESSED = 'No pages will be processed';
/** Selects Ghostscript 10.0's legacy PDF interpreter. */
const LEGACY = '-dNEWPDF=false';

/** How every run starts: quiet, unattended, sandboxed, its document errors on stderr (stdout would mix with them; runEngine keeps stderr). */
const BATCH = ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sstdout=%stderr'];
/** pdfwrite as our rewrites use it: pages keep their orientation (the default turns them to follow their text). */
const PDFWRITE = [...BATCH, '-sDEVICE=pdfwrite', '-dAutoRotatePages=/None'];

/**
 * Which of Ghostscript 10.0's two PDF interpreters reads the input. The current one (the default)
 * loses the Unicode mapping of some fonts it rewrites (Chromium's CID TrueType fonts, Word's math,
 * pdfTeX's ligatures); the legacy one keeps more of them but is deprecated, and gone after 10.02,
 * where the flag changes nothing.
 */
export type Interpreter = 'current' | 'legacy';

/**
 * Rewrites a PDF with pdfwrite, downsampling and re-encoding images as the profile says. Every
 * image parameter is explicit rather than taken from a -dPDFSETTINGS preset, so a level means the
 * same thing on every Ghostscript version. pdfwrite re-encodes every font on the way: callers check
 * the result's text with a TextGuard before they use it.
 */
export async function rewriteImages(
  input: string,
  output: string,
  profile: ImageProfile,
  opts: { interpreter?: Interpreter; signal?: AbortSignal } = {},
): Promise<void> {
  const args = pdfwriteArgs(path.resolve(input), path.resolve(output), profile);
  const run = (legacy: boolean) => runEngine(GS, legacy ? [LEGACY, ...args] : args, { timeoutMs: TIMEOUT_MS, signal: opts.signal });
  const legacy = opts.interpreter === 'legacy';
  let result = await run(legacy);
  // Ghostscript 10.0's current PDF interpreter gives up on some files the legacy one reads (a
  // trailer /Info that points at the page tree, for one). Newer releases drop the flag and fail again.
  if (!legacy && result.stderr.includes(NOTHING_PROCESSED)) result = await run(true);
  if (result.stderr.includes(NOTHING_PROCESSED)) {
    throw new AppError('TASK_FAILED', `gs could not read ${path.basename(input)}: ${result.stderr.trim().slice(-1000)}`);
  }
}

function pdfwriteArgs(input: string, output: string, { dpi, jpegQuality }: ImageProfile): string[] {
  // Ghostscript's QFactor is the IJG quality scale divided by 100 (quality 50 = 1.0, 75 = 0.5).
  const qFactor = (jpegQuality < 50 ? 5000 / jpegQuality : 200 - 2 * jpegQuality) / 100;
  // Bilevel scans turn to mush at photo resolutions; keep them sharp enough to read.
  const monoDpi = Math.max(300, 2 * dpi);
  // Chroma subsampled 2x2 for colour (as JPEG cameras do); none for grey, which has no chroma.
  const distillerParams =
    `<< /ColorImageDict << /QFactor ${qFactor.toFixed(2)} /Blend 1 /HSamples [2 1 1 2] /VSamples [2 1 1 2] >>` +
    ` /GrayImageDict << /QFactor ${qFactor.toFixed(2)} /Blend 1 /HSamples [1 1 1 1] /VSamples [1 1 1 1] >> >> setdistillerparams`;
  return [
    ...PDFWRITE,
    // Re-encode JPEGs at our quality instead of copying them through untouched.
    '-dPassThroughJPEGImages=false',
    '-dPassThroughJPXImages=false',
    '-dDownsampleColorImages=true',
    '-dColorImageDownsampleType=/Bicubic',
    `-dColorImageResolution=${dpi}`,
    `-dColorImageDownsampleThreshold=${DOWNSAMPLE_THRESHOLD}`,
    '-dDownsampleGrayImages=true',
    '-dGrayImageDownsampleType=/Bicubic',
    `-dGrayImageResolution=${dpi}`,
    `-dGrayImageDownsampleThreshold=${DOWNSAMPLE_THRESHOLD}`,
    '-dDownsampleMonoImages=true',
    '-dMonoImageDownsampleType=/Subsample',
    `-dMonoImageResolution=${monoDpi}`,
    `-dMonoImageDownsampleThreshold=${DOWNSAMPLE_THRESHOLD}`,
    '-dAutoFilterColorImages=false',
    '-dColorImageFilter=/DCTEncode',
    '-dAutoFilterGrayImages=false',
    '-dGrayImageFilter=/DCTEncode',
    // '%' in an output name is a page-number template to Ghostscript; '%%' is a literal '%'.
    `-sOutputFile=${output.replaceAll('%', '%%')}`,
    '-c',
    distillerParams,
    '-f',
    input,
  ];
}

/**
 * Renders pages `first`..`last` (1-based) as viewers show them (crop box, /Rotate) with their text
 * left out (-dFILTERTEXT), to RGB PNGs in `dir` (which must hold nothing else), and returns the
 * files in page order. A page Ghostscript could not render has no file: its entry is undefined.
 */
export async function renderPagesWithoutText(
  input: string,
  dir: string,
  opts: { first: number; last: number; dpi: number; signal?: AbortSignal },
): Promise<Array<string | undefined>> {
  const output = path.join(path.resolve(dir), 'p-%d.png');
  const args = [
    ...BATCH,
    '-sDEVICE=png16m',
    `-r${opts.dpi}`,
    '-dFILTERTEXT',
    '-dUseCropBox',
    '-dTextAlphaBits=4',
    '-dGraphicsAlphaBits=4',
    `-dFirstPage=${opts.first}`,
    `-dLastPage=${opts.last}`,
    `-sOutputFile=${output}`,
    path.resolve(input),
  ];
  const files = () => Array.from({ length: opts.last - opts.first + 1 }, (_, i) => path.join(path.resolve(dir), `p-${i + 1}.png`));
  const rendered = async () => Promise.all(files().map((f) => fs.access(f).then(() => f, () => undefined)));
  const first = await runEngine(GS, args, { timeoutMs: TIMEOUT_MS, signal: opts.signal });
  if (!first.stderr.includes(NOTHING_PROCESSED)) return rendered();
  // See rewriteImages: the legacy interpreter reads some files the new one gives up on.
  await runEngine(GS, [LEGACY, ...args], { timeoutMs: TIMEOUT_MS, signal: opts.signal });
  return rendered();
}

/**
 * Rewrites a PDF with pdfwrite as it is, images passed through and nothing resampled: Ghostscript
 * reads what it can of each page and writes it anew, which recovers pages whose streams qpdf cannot
 * decode. Fonts are re-encoded: callers check the text before they use a page of the result.
 */
export async function rewrite(input: string, output: string, signal?: AbortSignal): Promise<void> {
  const args = [
    ...PDFWRITE,
    `-sOutputFile=${path.resolve(output).replaceAll('%', '%%')}`,
    path.resolve(input),
  ];
  // Ghostscript exits with an error on a file it cannot read at all: nothing there to recover.
  const run = (legacy: boolean) => runEngine(GS, legacy ? [LEGACY, ...args] : args, { timeoutMs: TIMEOUT_MS, signal, errorCode: 'PDF_UNRECOVERABLE' });
  let result = await run(false);
  if (result.stderr.includes(NOTHING_PROCESSED)) result = await run(true);
  if (result.stderr.includes(NOTHING_PROCESSED)) throw new AppError('PDF_UNRECOVERABLE', `gs could not read ${path.basename(input)}: ${result.stderr.trim().slice(-1000)}`);
}
