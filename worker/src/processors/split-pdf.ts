import { mkdtemp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { AppError } from '#shared/errors';
import { parsePageRanges, rangesPastEnd, resolvePageRanges } from '#shared/page-ranges';
import splitTool from '#shared/tools/split-pdf';
import { mapLimit } from '#shared/map-limit';
import * as qpdf from '../engines/qpdf';
import type { OutlineItem } from '../engines/qpdf';
import { ENGINE_PARALLELISM } from '../engines/parallelism';
import { fileStem, readyForQpdf, singleInput } from '../inputs/pdf-input';
import { defineProcessor } from '../contract/processor';

type SplitOptions = z.output<typeof splitTool.options>;

/**
 * One PDF becomes several: one per page range the user gave, one per bookmark of a level (named
 * from its title), parts of at most a size, or one per `splitcount` pages. Each part is built from
 * --empty, so it holds only the fonts and images its own pages use.
 */
const splitPdf = defineProcessor(splitTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'split-'));
  const doc = await readyForQpdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  await ctx.progress(0.1);

  const stem = fileStem(input.name);
  const partFile = (i: number) => path.join(dir, `part-${i + 1}.pdf`);
  const rangeName = ([from, to]: [number, number]) => `${stem}-${from === to ? from : `${from}-${to}`}.pdf`;
  if (ctx.options.pages === undefined && ctx.options.maxsize !== undefined && ctx.options.bookmarklevel === undefined) {
    const { parts, overLimit } = await partsBySize(doc.path, doc.pages, ctx.options.maxsize * MB, partFile, ctx);
    const outputs = parts.map((p) => ({ path: p.file, name: rangeName(p.range) }));
    return overLimit ? { outputs, notice: 'PART_OVER_LIMIT' } : { outputs };
  }
  let plan: { ranges: Array<[number, number]>; names: string[]; cut: boolean };
  if (ctx.options.pages === undefined && ctx.options.bookmarklevel !== undefined) {
    const parts = bookmarkParts(doc.outlines, ctx.options.bookmarklevel, doc.pages);
    plan = { ranges: parts.map((p) => p.range), names: fileNames(parts.map((p) => p.title), stem), cut: false };
  } else {
    const { parts, cut } = partRanges(ctx.options, doc.pages);
    plan = { ranges: parts, names: parts.map(rangeName), cut };
  }
  let written = 0;
  const outputs = await mapLimit(plan.ranges, ENGINE_PARALLELISM, async ([from, to], i) => {
    await qpdf.extractPages(doc.path, from, to, partFile(i), ctx.signal);
    await ctx.progress(0.1 + (0.9 * ++written) / plan.ranges.length);
    return { path: partFile(i), name: plan.names[i] };
  });
  const cut = plan.cut;
  return cut ? { outputs, notice: 'PAGES_CUT' } : { outputs };
});

const MB = 1024 * 1024;

/** First and last page (1-based, inclusive) of each part, and whether a range given was cut at the last page. */
function partRanges(options: SplitOptions, pageCount: number): { parts: Array<[number, number]>; cut: boolean } {
  if (options.pages !== undefined) {
    const ranges = parsePageRanges(options.pages);
    const resolved = ranges && resolvePageRanges(ranges, pageCount);
    if (!resolved) throw new AppError('INVALID_PAGES', `"${options.pages}" for a ${pageCount}-page document`);
    return { parts: resolved, cut: rangesPastEnd(ranges, pageCount) };
  }
  const size = options.splitcount ?? 1;
  return { parts: Array.from({ length: Math.ceil(pageCount / size) }, (_, i) => [i * size + 1, Math.min((i + 1) * size, pageCount)]), cut: false };
}

interface BookmarkPart {
  title: string;
  range: [number, number];
}

/**
 * One part per bookmark of `level` (1 = top), from its page to the page before the next one's; the
 * pages before the first bookmark (a cover, a contents page) go with the first part. Bookmarks that
 * lead nowhere, or to the page of the one before, start no part of their own.
 */
export function bookmarkParts(outlines: readonly OutlineItem[], level: number, pageCount: number): BookmarkPart[] {
  const atLevel = (items: readonly OutlineItem[], depth: number): OutlineItem[] =>
    depth === level ? [...items] : items.flatMap((item) => atLevel(item.kids, depth + 1));
  const starts: Array<{ title: string; page: number }> = [];
  for (const item of atLevel(outlines, 1)) {
    if (item.page === null || item.page < 1 || item.page > pageCount) continue;
    if (starts.length > 0 && item.page <= starts.at(-1)!.page) continue;
    starts.push({ title: item.title, page: item.page });
  }
  if (starts.length === 0) throw new AppError('NO_BOOKMARKS', `no bookmark at level ${level} leads to a page`);
  return starts.map((start, i) => ({ title: start.title, range: [i === 0 ? 1 : start.page, (starts[i + 1]?.page ?? pageCount + 1) - 1] }));
}

/** Characters no file system takes in a name, and controls (a bookmark may hold a newline). */
const UNSAFE = /[\\/:*?"<>|\p{Cc}\p{Cf}]+/gu;
const MAX_NAME = 80;

/** Download names from bookmark titles: safe on every system, never empty, never twice the same. */
export function fileNames(titles: readonly string[], stem: string): string[] {
  const seen = new Map<string, number>();
  return titles.map((title, i) => {
    const clean = title.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim().replace(/^\.+/, '').slice(0, MAX_NAME).trim();
    const base = clean || `${stem}-${i + 1}`;
    const n = (seen.get(base.toLowerCase()) ?? 0) + 1;
    seen.set(base.toLowerCase(), n);
    return n === 1 ? `${base}.pdf` : `${base} (${n}).pdf`;
  });
}

/**
 * Parts as large as fit under `limit`, pages in order: each part grows while the file qpdf writes
 * for it stays under the limit, found by doubling then halving the page count (a few writes per
 * part, since a part's size grows with its pages). A page too large on its own is a part alone.
 */
async function partsBySize(
  input: string,
  pageCount: number,
  limit: number,
  partFile: (i: number) => string,
  ctx: { signal: AbortSignal; progress(fraction: number): Promise<void> },
): Promise<{ parts: Array<{ file: string; range: [number, number] }>; overLimit: boolean }> {
  const parts: Array<{ file: string; range: [number, number] }> = [];
  let overLimit = false;
  let from = 1;
  while (from <= pageCount) {
    const file = partFile(parts.length);
    const trial = `${file}.trial`;
    const fits = async (to: number) => {
      await qpdf.extractPages(input, from, to, trial, ctx.signal);
      return (await stat(trial)).size <= limit;
    };
    let good = from - 1;
    let bad = pageCount + 1;
    // Doubling from the last part's length finds the edge in a few writes when parts are alike.
    let step = Math.max(1, parts.length > 0 ? parts.at(-1)!.range[1] - parts.at(-1)!.range[0] + 1 : 1);
    while (good + 1 < bad) {
      const to = Math.min(bad - 1, good < from ? from + step - 1 : good + step);
      if (await fits(to)) {
        good = to;
        step *= 2;
      } else {
        bad = to;
        step = Math.max(1, Math.floor((bad - good) / 2));
      }
    }
    const to = Math.max(good, from);
    if (good < from) overLimit = true;
    await qpdf.extractPages(input, from, to, file, ctx.signal);
    parts.push({ file, range: [from, to] });
    await rm(trial, { force: true });
    await ctx.progress(0.1 + (0.9 * to) / pageCount);
    from = to + 1;
  }
  return { parts, overLimit };
}

export default splitPdf;
