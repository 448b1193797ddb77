import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Change, CompareReport, PageRect } from '#shared/compare';
import { AppError } from '#shared/errors';
import compareTool from '#shared/tools/compare-pdf';
import { alignPages, pageSignature } from '../compare/align-pages';
import { documentWords, type DocumentWords } from '../compare/document-words';
import { reportText, writeReportPdf } from '../compare/report';
import { textChanges, type FoundChange } from '../compare/text-changes';
import { VISUAL_DPI, readGrey, thumbOf, visualDifferences } from '../compare/visual-changes';
import * as poppler from '../engines/poppler';
import { fileStem, preparePdf } from '../inputs/pdf-input';
import { defineProcessor } from '../contract/processor';

/** Pages per pdftoppm call in the visual mode: paces progress reports. */
const PAGES_PER_RENDER = 50;
/** The words of a whole page inserted or deleted, as far as its list entry shows them. */
const PAGE_TEXT = 300;

const wholePage = (doc: DocumentWords, page: number): FoundChange['after'] => {
  const { width, height, words } = doc.pages[page - 1];
  return { page, rects: [{ page, x0: 0, y0: 0, x1: width, y1: height }], text: words.map((w) => w.text).join(' ').slice(0, PAGE_TEXT) };
};

/**
 * Two versions of a document, the earlier first: their pages matched, then their words diffed in
 * the order of the matched pages (so a passage moved from one page to another is found as moved),
 * and, in the visual mode, each matched pair of pages compared pixel by pixel outside the text.
 */
const comparePdf = defineProcessor(compareTool, async (ctx) => {
  if (ctx.inputs.length !== 2) throw new AppError('TASK_FAILED', `compare-pdf takes two files, got ${ctx.inputs.length}`);
  const dir = path.join(ctx.workDir, 'compare');
  await mkdir(dir);
  const [docA, docB] = [
    await preparePdf(ctx.inputs[0], path.join(dir, 'before.pdf'), ctx.signal, { decode: true }),
    await preparePdf(ctx.inputs[1], path.join(dir, 'after.pdf'), ctx.signal, { decode: true }),
  ];
  await ctx.progress(0.05);
  const wordsA = await documentWords(docA.path, docA.pages, path.join(dir, 'words.xhtml'), ctx.signal);
  const wordsB = await documentWords(docB.path, docB.pages, path.join(dir, 'words.xhtml'), ctx.signal);
  await ctx.progress(0.2);

  const visual = ctx.options.mode === 'visual';
  const renders = { before: [] as string[], after: [] as string[] };
  if (visual) {
    const total = docA.pages + docB.pages;
    let done = 0;
    for (const [side, doc] of [['before', docA], ['after', docB]] as const) {
      for (let first = 1; first <= doc.pages; first += PAGES_PER_RENDER) {
        const last = Math.min(doc.pages, first + PAGES_PER_RENDER - 1);
        const into = path.join(dir, `${side}-${first}`);
        await mkdir(into);
        renders[side].push(...(await poppler.renderPages(doc.path, into, { first, last, dpi: VISUAL_DPI, format: 'gray-png', signal: ctx.signal })));
        done += last - first + 1;
        await ctx.progress(0.2 + (0.4 * done) / total);
      }
    }
  }
  const signatures = async (doc: DocumentWords, files: string[]) =>
    Promise.all(doc.pages.map(async (p, i) => pageSignature(p.words.map((w) => w.text), files[i] ? await thumbOf(files[i]) : undefined)));
  const pairs = alignPages(await signatures(wordsA, renders.before), await signatures(wordsB, renders.after));

  const found: FoundChange[] = [];
  const matched = pairs.filter((p): p is [number, number] => p[0] !== null && p[1] !== null);
  found.push(
    ...textChanges(
      matched.flatMap(([a]) => wordsA.pages[a - 1].words),
      matched.flatMap(([, b]) => wordsB.pages[b - 1].words),
      { before: matched[0]?.[0] ?? 1, after: matched[0]?.[1] ?? 1 },
    ),
  );
  for (const [a, b] of pairs) {
    if (a === null) found.push({ kind: 'pageInserted', after: wholePage(wordsB, b!) });
    if (b === null) found.push({ kind: 'pageDeleted', before: wholePage(wordsA, a!) });
  }
  if (visual) {
    for (const [k, [a, b]] of matched.entries()) {
      const words = [...wordsA.pages[a - 1].words, ...wordsB.pages[b - 1].words];
      for (const r of visualDifferences(await readGrey(renders.before[a - 1]), await readGrey(renders.after[b - 1]), words)) {
        found.push({ kind: 'visual', before: { page: a, rects: [{ page: a, ...r }], text: '' }, after: { page: b, rects: [{ page: b, ...r }], text: '' } });
      }
      if (k % 20 === 19) await ctx.progress(0.6 + (0.25 * k) / matched.length);
    }
  }
  await ctx.progress(0.85);

  // In reading order of the matched pages: by pair, then down the page.
  const row = new Map<string, number>();
  pairs.forEach(([a, b], i) => {
    if (a) row.set(`a${a}`, i);
    if (b) row.set(`b${b}`, i);
  });
  const place = (c: FoundChange): [number, PageRect | undefined] =>
    c.after ? [row.get(`b${c.after.page}`)!, c.after.rects[0]] : [row.get(`a${c.before!.page}`)!, c.before!.rects[0]];
  const changes: Change[] = found
    .map((c) => ({ c, at: place(c) }))
    .sort((x, y) => x.at[0] - y.at[0] || (x.at[1]?.y0 ?? 0) - (y.at[1]?.y0 ?? 0) || (x.at[1]?.x0 ?? 0) - (y.at[1]?.x0 ?? 0))
    .map(({ c }, i) => ({ id: i + 1, ...c }));

  const report: CompareReport = {
    identical: changes.length === 0,
    mode: ctx.options.mode,
    pages: { before: wordsA.pages.map(({ width, height }) => ({ width, height })), after: wordsB.pages.map(({ width, height }) => ({ width, height })) },
    pairs,
    changes,
  };
  const names = { before: ctx.inputs[0].name, after: ctx.inputs[1].name };
  const stem = `${fileStem(names.before)}-vs-${fileStem(names.after)}`;
  const out = (suffix: string) => ({ path: path.join(ctx.workDir, `${stem}-${suffix}`), name: `${stem}-${suffix}` });
  const pdf = out('comparison.pdf');
  const json = out('changes.json');
  const txt = out('changes.txt');
  await writeFile(json.path, JSON.stringify(report));
  await writeFile(txt.path, reportText(report, names, ctx.options.lang));
  await writeFile(pdf.path, await writeReportPdf(report, { before: docA.path, after: docB.path }, names, ctx.options.lang));
  await ctx.progress(1);
  return { outputs: [pdf, json, txt], ...(report.identical && { notice: 'NO_DIFFERENCES' as const }) };
});

export default comparePdf;
