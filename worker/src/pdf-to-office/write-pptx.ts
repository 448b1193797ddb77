/**
 * DocumentLayout → a PowerPoint deck (pptxgenjs).
 *
 *   writePptx(layout: DocumentLayout, outPath: string): Promise<void>
 *
 * One slide per page. The page's background (PDF: the page drawn without its text; OCR: the
 * scan with its words taken out) fills the slide, and the text sits over it in editable text
 * boxes, where it was, in its size, weight, slant, colour and font (see slide-text.ts). A page
 * without a background gets its pictures instead. A deck has one slide size: the size most pages
 * have; a page of another size is scaled to fit its slide, centred.
 */
import fs from 'node:fs/promises';
import PptxGenJS from 'pptxgenjs';
import sharp from 'sharp';
import { textBoxes, type SlideRun, type TextBox } from './slide-text';
import type { DocumentLayout, ImageBox, PageLayout } from './types';

/** PowerPoint's slide size limits, in points: 1 to 56 inches a side. */
const MIN_SIDE = 72;
const MAX_SIDE = 56 * 72;
/** PowerPoint's smallest font size. */
const MIN_FONT = 1;

interface Size {
  width: number;
  height: number;
}

/** Where a page goes on its slide: slide = offset + scale × page, in points. */
interface Placement {
  scale: number;
  dx: number;
  dy: number;
}

export async function writePptx(layout: DocumentLayout, outPath: string): Promise<void> {
  const slideSize = deckSize(layout.pages);
  const pptx = new PptxGenJS();
  pptx.defineLayout({ name: 'PDF', width: inches(slideSize.width), height: inches(slideSize.height) });
  pptx.layout = 'PDF';
  pptx.author = 'Sheaf';
  for (const page of layout.pages) {
    const slide = pptx.addSlide();
    const at = placement(page, slideSize);
    if (page.background) slide.background = await backgroundOf(page.background, page, slideSize, at);
    else for (const image of page.images) slide.addImage({ data: dataUrl(image), ...rect(image, at) });
    for (const box of textBoxes(page)) slide.addText(textProps(box, at, layout.lang), boxProps(box, at));
  }
  // write() leaves the zip uncompressed whatever it is told; stream() compresses.
  const data = (await pptx.stream({ compression: true })) as Buffer;
  await fs.writeFile(outPath, data);
}

const inches = (pt: number) => pt / 72;

/** The size most pages have (their area breaks ties), brought within PowerPoint's limits. */
function deckSize(pages: readonly PageLayout[]): Size {
  const counts = new Map<string, { size: Size; count: number }>();
  for (const p of pages) {
    if (!(p.width > 0 && p.height > 0)) continue;
    const key = `${Math.round(p.width)}x${Math.round(p.height)}`;
    const entry = counts.get(key) ?? { size: { width: p.width, height: p.height }, count: 0 };
    entry.count++;
    counts.set(key, entry);
  }
  const common = [...counts.values()].sort((a, b) => b.count - a.count || b.size.width * b.size.height - a.size.width * a.size.height)[0]?.size ?? { width: 612, height: 792 };
  const shrink = Math.min(1, MAX_SIDE / Math.max(common.width, common.height));
  const grow = Math.max(1, MIN_SIDE / Math.min(common.width, common.height));
  // A page too long and too thin for both limits keeps to the larger one.
  const scale = shrink < 1 ? shrink : grow;
  const clamp = (v: number) => Math.min(MAX_SIDE, Math.max(MIN_SIDE, v * scale));
  return { width: clamp(common.width), height: clamp(common.height) };
}

function placement(page: PageLayout, slide: Size): Placement {
  if (!(page.width > 0 && page.height > 0)) return { scale: 1, dx: 0, dy: 0 };
  const scale = Math.min(slide.width / page.width, slide.height / page.height);
  return { scale, dx: (slide.width - scale * page.width) / 2, dy: (slide.height - scale * page.height) / 2 };
}

/** A page-space rectangle on the slide, in inches. */
function rect(r: { x: number; y: number; width: number; height: number }, at: Placement) {
  return { x: inches(at.dx + at.scale * r.x), y: inches(at.dy + at.scale * r.y), w: inches(at.scale * r.width), h: inches(at.scale * r.height) };
}

const dataUrl = (image: ImageBox) => `image/${image.format === 'jpg' ? 'jpeg' : 'png'};base64,${Buffer.from(image.data).toString('base64')}`;

/** A slide background is at most this many pixels. */
const MAX_CANVAS_PIXELS = 12_000_000;

/**
 * The slide background: the page's own, or, for a page of another shape than the slide, that
 * image centred on a white one of the slide's shape (a background always fills the slide).
 */
async function backgroundOf(image: ImageBox, page: PageLayout, slide: Size, at: Placement): Promise<PptxGenJS.BackgroundProps> {
  const pageOnSlide = { width: at.scale * page.width, height: at.scale * page.height };
  const fills = Math.abs(pageOnSlide.width - slide.width) < 1 && Math.abs(pageOnSlide.height - slide.height) < 1;
  if (fills) return { data: dataUrl(image), path: `preencoded.${image.format}` };
  const meta = await sharp(image.data).metadata();
  // The picture's own resolution, unless the slide at that resolution would be too large (a ribbon of a page).
  const perPoint = Math.min((meta.width ?? 1) / pageOnSlide.width, Math.sqrt(MAX_CANVAS_PIXELS / (slide.width * slide.height)));
  const width = Math.max(1, Math.round(pageOnSlide.width * perPoint));
  const height = Math.max(1, Math.round(pageOnSlide.height * perPoint));
  const picture = await sharp(image.data).resize(width, height, { fit: 'fill' }).toBuffer();
  const left = Math.round(at.dx * perPoint);
  const top = Math.round(at.dy * perPoint);
  const canvas = { width: Math.max(left + width, Math.round(slide.width * perPoint)), height: Math.max(top + height, Math.round(slide.height * perPoint)) };
  const png = await sharp({ create: { ...canvas, channels: 3, background: '#ffffff' } })
    .composite([{ input: picture, left, top }])
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { data: `image/png;base64,${png.toString('base64')}`, path: 'preencoded.png' };
}

const fontSize = (pt: number, at: Placement) => Math.max(MIN_FONT, Math.round(at.scale * pt * 10) / 10);

function boxProps(box: TextBox, at: Placement): PptxGenJS.TextPropsOptions {
  const spacing = box.lineSpacing ? at.scale * box.lineSpacing : undefined;
  return {
    ...rect(box, at),
    // The size of the box's (empty) paragraph end, which sets its height when the text is deleted.
    fontSize: fontSize(box.runs[0]?.fontSize ?? 10, at),
    margin: 0,
    valign: 'top',
    align: box.align,
    // Each line stays whole, however wide its substitute font sets it (see slide-text.ts).
    wrap: false,
    fit: 'none',
    // Exact spacing: the lines keep the pitch they had instead of the substitute font's own.
    ...(spacing && spacing >= MIN_FONT ? { lineSpacing: Math.round(spacing * 10) / 10 } : {}),
    ...(box.rotate ? { rotate: box.rotate } : {}),
  };
}

function textProps(box: TextBox, at: Placement, lang: string | undefined): PptxGenJS.TextProps[] {
  return box.runs.map((run: SlideRun) => ({
    text: run.text,
    options: {
      fontSize: fontSize(run.fontSize, at),
      ...(run.fontFace ? { fontFace: run.fontFace } : {}),
      ...(run.bold ? { bold: true } : {}),
      ...(run.italic ? { italic: true } : {}),
      ...(run.color ? { color: run.color } : {}),
      ...(run.script === 'super' ? { superscript: true } : run.script === 'sub' ? { subscript: true } : {}),
      ...(run.breakBefore ? { softBreakBefore: true } : {}),
      // pptxgenjs reads a paragraph's direction from its first run, not from the box.
      ...(box.rtl ? { rtlMode: true } : {}),
      ...(lang ? { lang } : {}),
    },
  }));
}
