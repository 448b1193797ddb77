import path from 'node:path';
import sharp from 'sharp';
import { AppError } from '#shared/errors';
import dwgToJpgTool from '#shared/tools/dwg-to-jpg';
import { MAX_CAD_MEGAPIXELS } from '#shared/tools/dwg-to-jpg';
import { CAD_TIMEOUT_MS, convertCad, drawingInput } from '../cad/convert';
import { fileStem } from '../inputs/pdf-input';
import { defineProcessor } from '../contract/processor';

const JPEG_QUALITY = 90;
/** librsvg rasterises in sharp's thread pool, which cannot be interrupted: a limit of its own. */
const RASTER_TIMEOUT_SECONDS = 120;

/**
 * The resolution actually used: the one asked for, lowered if the sheet would exceed the pixel
 * cap (A3 at 600 dpi would be 70 megapixels).
 */
export function effectiveDpi(widthPt: number, heightPt: number, dpi: number): number {
  const inches = (widthPt / 72) * (heightPt / 72);
  const capped = Math.floor(Math.sqrt((MAX_CAD_MEGAPIXELS * 1_000_000) / inches));
  return Math.min(dpi, capped);
}

/** A DWG or DXF drawing to a JPG of its sheet: drawn as SVG, rasterised by librsvg (in sharp). */
const dwgToJpg = defineProcessor(dwgToJpgTool, async (ctx) => {
  const { input, kind } = await drawingInput(ctx.inputs);
  await ctx.progress(0.05);
  const stem = fileStem(input.name);
  const result = await convertCad({ file: input.path, kind, format: 'svg', paper: ctx.options.pagesize, colors: ctx.options.colors, title: stem }, { timeoutMs: CAD_TIMEOUT_MS, signal: ctx.signal });
  await ctx.progress(0.6);
  const file = path.join(ctx.workDir, 'drawing.jpg');
  const density = effectiveDpi(result.widthPt, result.heightPt, ctx.options.dpi);
  try {
    await sharp(Buffer.from(result.svg!), { density, limitInputPixels: false })
      .timeout({ seconds: RASTER_TIMEOUT_SECONDS })
      .flatten({ background: '#ffffff' })
      .withMetadata({ density })
      .jpeg({ quality: JPEG_QUALITY, chromaSubsampling: '4:4:4' })
      .toFile(file);
  } catch (e) {
    throw new AppError('TASK_FAILED', `rasterising the drawing: ${e instanceof Error ? e.message : String(e)}`);
  }
  await ctx.progress(1);
  return { outputs: [{ path: file, name: `${stem}.jpg` }] };
});

export default dwgToJpg;
