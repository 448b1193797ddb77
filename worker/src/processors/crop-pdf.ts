import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { AppError } from '#shared/errors';
import { pagesIn } from '#shared/page-ranges';
import cropTool from '#shared/tools/crop-pdf';
import * as poppler from '../engines/poppler';
import { fileStem, preparePdf, singleInput } from '../inputs/pdf-input';
import { apply, displayedToUser } from '../pages/geometry';
import { pageFrame } from '../pages/page-frame';
import { whiteMargins, type Margins } from '../pages/white-margins';
import { resolveRanges } from './page-selection';
import { defineProcessor, type ToolOptions } from '../contract/processor';

type CropOptions = ToolOptions<typeof cropTool>;

/** Trim renders at most 72 dpi (one pixel a point), less on pages so large they would exceed this. */
const TRIM_DPI = 72;
const TRIM_MAX_PIXELS = 4_000_000;
/** Pages per pdftoppm call in trim mode: progress stays frequent, the document is parsed few times. */
const PAGES_PER_CALL = 25;
/** What remains of a page must be at least this wide and high, in points. */
const MIN_SIDE = 1;

/**
 * Sets the crop box of the chosen pages: margins cut from each edge as the page is shown (its
 * /Rotate and present crop box taken into account), or the white margins found on its rendering.
 * Content outside the box stays in the file, hidden; the page copy says so and points to redaction.
 */
const cropPdf = defineProcessor(cropTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'crop-'));
  const doc = await preparePdf(input, path.join(dir, 'input.pdf'), ctx.signal, { decode: true });
  await ctx.progress(0.1);
  const chosen = chosenPages(ctx.options, doc.pages);

  const margins = ctx.options.mode === 'trim' ? await trimMargins(doc.path, chosen, ctx.options.common, dir, ctx) : new Map(chosen.map((p) => [p, boxMargins(ctx.options)]));
  await ctx.progress(0.8);

  const pdf = await PDFDocument.load(await readFile(doc.path), { updateMetadata: false });
  const pages = pdf.getPages();
  for (const [page, m] of margins) {
    const frame = pageFrame(pages[page - 1]);
    const width = frame.width - m.left - m.right;
    const height = frame.height - m.top - m.bottom;
    if (width < MIN_SIDE || height < MIN_SIDE) throw new AppError('CROP_TOO_LARGE', `page ${page} is ${frame.width} × ${frame.height} pt`);
    // The kept rect's corners, from the page as shown (y down) into the page's own user space.
    const toUser = displayedToUser(frame);
    const [ax, ay] = apply(toUser, m.left, m.top);
    const [bx, by] = apply(toUser, m.left + width, m.top + height);
    pages[page - 1].setCropBox(Math.min(ax, bx), Math.min(ay, by), Math.abs(bx - ax), Math.abs(by - ay));
  }
  const output = path.join(dir, 'output.pdf');
  await writeFile(output, await pdf.save({ useObjectStreams: true }));
  return { outputs: [{ path: output, name: `${fileStem(input.name)}-cropped.pdf` }] };
});

export default cropPdf;

/** The pages to crop, in order: those of `pages` (all when absent), then only the odd or even ones. */
function chosenPages(options: CropOptions, pageCount: number): number[] {
  const ranges = options.pages === undefined ? [[1, pageCount] as [number, number]] : resolveRanges(options.pages, pageCount);
  const keep = (p: number) => options.parity === 'all' || (p % 2 === 1) === (options.parity === 'odd');
  return [...pagesIn(ranges)].filter(keep).sort((a, b) => a - b);
}

const boxMargins = (o: CropOptions): Margins => ({ left: o.left, top: o.top, right: o.right, bottom: o.bottom });

/**
 * Each chosen page's white margins, from its rendering (blank pages are left as they are); with
 * `common`, the smallest margin on each side across the pages, so no page loses any of its ink.
 */
async function trimMargins(
  file: string,
  chosen: readonly number[],
  common: boolean,
  dir: string,
  ctx: { signal: AbortSignal; progress(f: number): Promise<void> },
): Promise<Map<number, Margins>> {
  if (chosen.length === 0) return new Map();
  const boxes = await poppler.pageBoxes(file, ctx.signal);
  // At 72 dpi a pixel is a point, so a page's pixels are its area in square points.
  const largest = Math.max(1, ...chosen.map((p) => (boxes[p - 1] ? boxes[p - 1].width * boxes[p - 1].height : 0)));
  const dpi = Math.max(1, Math.min(TRIM_DPI, Math.floor(TRIM_DPI * Math.sqrt(TRIM_MAX_PIXELS / largest))));
  const found = new Map<number, Margins>();
  const wanted = new Set(chosen);
  // Runs over the span of the chosen pages: odd or even pages render with their neighbours in one call.
  const runs: Array<[number, number]> = [];
  for (let first = chosen[0]; first <= chosen[chosen.length - 1]; first += PAGES_PER_CALL) {
    const last = Math.min(chosen[chosen.length - 1], first + PAGES_PER_CALL - 1);
    if (chosen.some((p) => p >= first && p <= last)) runs.push([first, last]);
  }
  const span = chosen[chosen.length - 1] - chosen[0] + 1;
  for (const [first, last] of runs) {
    const renders = path.join(dir, `render-${first}`);
    await mkdir(renders);
    const files = await poppler.renderPages(file, renders, { first, last, dpi, format: 'gray', signal: ctx.signal });
    for (const [i, pgm] of files.entries()) {
      const page = first + i;
      const m = wanted.has(page) ? await whiteMargins(pgm, dpi) : undefined;
      if (m) found.set(page, m);
    }
    await rm(renders, { recursive: true, force: true });
    await ctx.progress(0.1 + (0.7 * (last - chosen[0] + 1)) / span);
  }
  if (!common || found.size === 0) return found;
  const all = [...found.values()];
  const least = (side: keyof Margins) => Math.min(...all.map((m) => m[side]));
  const shared: Margins = { left: least('left'), top: least('top'), right: least('right'), bottom: least('bottom') };
  return new Map([...found.keys()].map((p) => [p, shared]));
}
