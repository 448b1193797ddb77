import { copyFile, mkdtemp, stat } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { AppError, isAppError } from '#shared/errors';
import { log } from '#shared/server/logger';
import compressTool from '#shared/tools/compress-pdf';
import type { COMPRESS_PERCENTAGES } from '#shared/tools/compress-pdf';
import * as ghostscript from '../engines/ghostscript';
import * as qpdf from '../engines/qpdf';
import { TextGuard } from '../engines/text-guard';
import { fileStem, preparePdf, singleInput } from '../inputs/pdf-input';
import { defineProcessor } from '../contract/processor';

type CompressOptions = z.output<typeof compressTool.options>;

/** Image resolution and JPEG quality per percentage: 90 squeezes least, 10 most. */
const PROFILES: Record<(typeof COMPRESS_PERCENTAGES)[number], ghostscript.ImageProfile> = {
  '90': { dpi: 300, jpegQuality: 90 },
  '80': { dpi: 250, jpegQuality: 85 },
  '70': { dpi: 200, jpegQuality: 75 },
  '60': { dpi: 170, jpegQuality: 70 },
  '50': { dpi: 150, jpegQuality: 60 },
  '40': { dpi: 130, jpegQuality: 55 },
  '30': { dpi: 110, jpegQuality: 50 },
  '20': { dpi: 90, jpegQuality: 45 },
  '10': { dpi: 72, jpegQuality: 40 },
};

/** The named levels are points on the same scale; `high` means the strongest compression. */
const LEVELS: Record<string, keyof typeof PROFILES> = { low: '80', medium: '50', high: '10' };

export function imageProfile(options: CompressOptions): ghostscript.ImageProfile {
  if (options.compress === 'custom') {
    if (options.rate === undefined) throw new AppError('ILLEGAL_INPUT', 'custom compression without a rate');
    const dpi = options.rate;
    // The user picks a resolution; the JPEG quality follows the step nearest to it.
    const nearest = Object.values(PROFILES).reduce((a, b) => (Math.abs(b.dpi - dpi) < Math.abs(a.dpi - dpi) ? b : a));
    return { dpi, jpegQuality: nearest.jpegQuality };
  }
  const profile = PROFILES[(LEVELS[options.compress] ?? options.compress) as keyof typeof PROFILES];
  if (!profile) throw new AppError('ILLEGAL_INPUT', `compress=${options.compress}`);
  return profile;
}

/**
 * Lossy first: Ghostscript downsamples and re-encodes the images, then qpdf recompresses every
 * stream and packs objects into object streams. pdfwrite rewrites the fonts too, and Ghostscript
 * 10.0 loses some of their Unicode maps, so its result is used only when its text reads exactly as
 * the input's (with the current interpreter, else the legacy one). Otherwise, or when that is not
 * smaller than the input (or the document is a form, or Ghostscript stops on it), qpdf's lossless
 * pass alone, which leaves the pages' content and fonts as they are. The user never gets a larger
 * file back: when neither is smaller, the input itself comes back, byte for byte, with the
 * ALREADY_OPTIMAL notice.
 */
const compressPdf = defineProcessor(compressTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'compress-'));
  const doc = await preparePdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  const inputSize = await sizeOf(input.path);
  const name = `${fileStem(input.name)}-compressed.pdf`;
  await ctx.progress(0.1);

  // Ghostscript's pdfwrite flattens form fields into plain drawings; a form must stay fillable.
  if (!(await qpdf.hasFormFields(doc.path, ctx.signal))) {
    const rewritten = await rewriteKeepingText(doc, dir, imageProfile(ctx.options), ctx.signal);
    await ctx.progress(0.7);
    if (rewritten) {
      const lossy = path.join(dir, 'lossy.pdf');
      await qpdf.recompress(rewritten, lossy, ctx.signal);
      if ((await sizeOf(lossy)) < inputSize) return { outputs: [{ path: lossy, name }] };
    }
  }
  await ctx.progress(0.8);

  const lossless = path.join(dir, 'lossless.pdf');
  await qpdf.recompress(doc.path, lossless, ctx.signal);
  if ((await sizeOf(lossless)) < inputSize) return { outputs: [{ path: lossless, name }] };
  const original = path.join(dir, 'original.pdf');
  await copyFile(input.path, original);
  return { outputs: [{ path: original, name }], notice: 'ALREADY_OPTIMAL' };
});

/**
 * Ghostscript's rewrite of the document with every page and the same text, or undefined when
 * neither interpreter gives one. Ghostscript stopping on a file qpdf reads is no reason to fail
 * the task: the lossless pass still compresses it.
 */
async function rewriteKeepingText(
  doc: { path: string; pages: number },
  dir: string,
  profile: ghostscript.ImageProfile,
  signal: AbortSignal,
): Promise<string | undefined> {
  const guard = new TextGuard(doc.path, signal);
  for (const interpreter of ['current', 'legacy'] as const) {
    const rewritten = path.join(dir, `images-${interpreter}.pdf`);
    try {
      await ghostscript.rewriteImages(doc.path, rewritten, profile, { interpreter, signal });
      // Ghostscript carries on past pages it cannot interpret; a page short is no result.
      if ((await qpdf.pageCount(rewritten, signal)) === doc.pages && (await guard.keeps(rewritten))) return rewritten;
    } catch (e) {
      if (signal.aborted) throw e;
      log.warn('compress: Ghostscript gave no usable rewrite', { interpreter, detail: isAppError(e) ? e.detail : String(e) });
    }
  }
  return undefined;
}

const sizeOf = async (file: string) => (await stat(file)).size;

export default compressPdf;
