import { mkdtemp, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PDFImage } from '@cantoo/pdf-lib';
import sharp from 'sharp';
import { AppError } from '#shared/errors';
import { pagesIn } from '#shared/page-ranges';
import watermarkTool from '#shared/tools/add-watermark';
import type { ScriptSetter } from '../editor/script-runs';
import { MAX_IMAGE_PIXELS, PIXEL_LIMIT } from '../images/images-to-pdf';
import { fileStem } from '../inputs/pdf-input';
import { applyStamps, openForStamps } from '../stamps/stamp-document';
import { byShape, gridPoint, StampSheet, type StampPage } from '../stamps/stamp-sheet';
import { resolveRanges } from './page-selection';
import { defineProcessor, type ToolOptions } from '../contract/processor';

type Options = ToolOptions<typeof watermarkTool>;

/** Space between tiles, as a share of the tile's own size. */
const TILE_GAP = 0.6;
/** Distance of a single watermark from the edges when it sits in an outer cell of the grid. */
const MARGIN = 36;

/**
 * A text or a picture over (or under) the chosen pages. The watermark is drawn once per page shape
 * and qpdf places that one drawing on every page of the shape, so a picture is stored once in the
 * file whatever the page count.
 */
const addWatermark = defineProcessor(watermarkTool, async (ctx) => {
  const o = ctx.options;
  const [input, picture] = ctx.inputs;
  if (!input || (o.image !== undefined) !== (picture !== undefined) || ctx.inputs.length > 2) throw new AppError('ILLEGAL_INPUT', `${ctx.inputs.length} inputs`);
  const dir = await mkdtemp(path.join(ctx.workDir, 'watermark-'));
  const target = await openForStamps(input, dir, ctx.signal);
  await ctx.progress(0.3);

  const pages = o.pages === undefined ? Array.from({ length: target.pages }, (_, i) => i + 1) : [...pagesIn(resolveRanges(o.pages, target.pages))].sort((a, b) => a - b);
  const { shapes, shapeOf } = byShape(pages.map((page) => target.frames[page - 1]));
  const sheet = await StampSheet.create();
  const mark = picture ? await pictureMark(sheet, picture.path, o) : await textMark(sheet, o);
  for (const shape of shapes) mark(sheet.addPage(shape));
  await ctx.progress(0.6);

  const output = path.join(dir, 'output.pdf');
  const pairs = pages.map((page, i) => ({ page, stamp: shapeOf[i] + 1 }));
  await applyStamps(target, sheet, pairs, output, { layer: o.layer, signal: ctx.signal });
  return { outputs: [{ path: output, name: `${fileStem(input.name)}-watermarked.pdf` }] };
});

/** Draws a mark whose unturned size is `width` × `height` on a page, turned by the angle asked, once or tiled. */
type Draw = (at: StampPage, centre: [number, number]) => void;

function placer(o: Options, width: number, height: number, draw: Draw) {
  const rad = (o.angle * Math.PI) / 180;
  // The box the turned mark covers.
  const boxW = Math.abs(width * Math.cos(rad)) + Math.abs(height * Math.sin(rad));
  const boxH = Math.abs(width * Math.sin(rad)) + Math.abs(height * Math.cos(rad));
  return (at: StampPage) => {
    if (!o.tiled) {
      const { x, y } = gridPoint(at.space, { position: o.position, margin: MARGIN }, boxW, boxH);
      draw(at, [x + boxW / 2, y + boxH / 2]);
      return;
    }
    const stepX = boxW * (1 + TILE_GAP);
    const stepY = boxH * (1 + TILE_GAP);
    // Rows from the middle out, every other row shifted by half a step, so the page's centre holds a mark.
    const rows = Math.ceil(at.space.height / 2 / stepY) + 1;
    const columns = Math.ceil(at.space.width / 2 / stepX) + 1;
    for (let r = -rows; r <= rows; r++) {
      for (let c = -columns; c <= columns; c++) draw(at, [at.space.width / 2 + (c + (r % 2 ? 0.5 : 0)) * stepX, at.space.height / 2 + r * stepY]);
    }
  };
}

async function textMark(sheet: StampSheet, o: Options) {
  const text = o.text!.trim();
  const style = { family: o.font, bold: o.bold, size: o.size, color: o.color, opacity: o.opacity / 100 };
  const setter: ScriptSetter = await sheet.setter(style, text);
  return placer(o, setter.width(text, o.size), o.size * 0.72, (at, centre) => sheet.turnedText(at, setter, text, style, centre, o.angle));
}

/** A watermark needs no more pixels than this on its longer side, whatever the upload holds. */
const PICTURE_MAX_SIDE = 3000;

async function pictureMark(sheet: StampSheet, file: string, o: Options) {
  let image: PDFImage;
  try {
    // Turned as its EXIF says, in sRGB, scaled down: kept as PNG where it has transparency, else JPEG.
    const picture = sharp(await readFile(file), { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'warning' })
      .rotate()
      .resize({ width: PICTURE_MAX_SIDE, height: PICTURE_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb');
    const { hasAlpha } = await picture.metadata();
    image = hasAlpha ? await sheet.doc.embedPng(await picture.png().toBuffer()) : await sheet.doc.embedJpg(await picture.jpeg({ quality: 90 }).toBuffer());
  } catch (error) {
    const message = (error as Error).message;
    throw new AppError(PIXEL_LIMIT.test(message) ? 'IMAGE_TOO_LARGE' : 'IMAGE_DAMAGED', `watermark: ${message}`);
  }
  // The picture's width is a share of each page's: pages of another shape get a drawing of their own.
  return (at: StampPage) => {
    const width = (at.space.width * o.scale) / 100;
    const size = { width, height: (width * image.height) / image.width };
    placer(o, size.width, size.height, (page, centre) => sheet.image(page, image, size, centre, o.angle, o.opacity / 100))(at);
  };
}

export default addWatermark;
