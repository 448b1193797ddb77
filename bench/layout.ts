import fs from 'node:fs/promises';
import path from 'node:path';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import { bookletSides } from '#shared/imposition';
import { pageCount } from '../worker/src/engines/qpdf';
import { LONG_PDF_PAGES, buildLongPdf, median, runProcessor, scratchDir, secs, table, timed } from './lib';

const RUNS = 3;
const A4 = { width: 595.28, height: 841.89 };

/**
 * What a person would write with pdf-lib alone: embed every page (media box, /Rotate ignored) and
 * draw them on sheets, `perSheet` to a sheet in a plain grid, or two a side in booklet order.
 */
async function rawEmbedPages(input: string, output: string, layout: 'n-up' | 'booklet', skip: ReadonlySet<number>): Promise<void> {
  const source = await PDFDocument.load(await fs.readFile(input), { updateMetadata: false });
  const out = await PDFDocument.create();
  const pages = await out.embedPages(source.getPages().filter((_, i) => !skip.has(i)));
  if (layout === 'n-up') {
    const [cw, ch] = [A4.width / 2, A4.height / 2];
    for (let i = 0; i < pages.length; i += 4) {
      const sheet = out.addPage([A4.width, A4.height]);
      pages.slice(i, i + 4).forEach((p, slot) => {
        const s = Math.min(cw / p.width, ch / p.height);
        sheet.drawPage(p, { x: (slot % 2) * cw, y: A4.height - (Math.floor(slot / 2) + 1) * ch, xScale: s, yScale: s });
      });
    }
  } else {
    const [w, h] = [A4.height, A4.width];
    for (const side of bookletSides(pages.length)) {
      const sheet = out.addPage([w, h]);
      side.forEach((n, half) => {
        const p = pages[n - 1];
        if (!p) return;
        const s = Math.min(w / 2 / p.width, h / p.height);
        sheet.drawPage(p, { x: (half * w) / 2, y: 0, xScale: s, yScale: s });
      });
    }
  }
  await fs.writeFile(output, await out.save({ useObjectStreams: true }));
}

/** Indexes of the pages whose content pdf-lib cannot decode. */
async function undecodablePages(input: string): Promise<Set<number>> {
  const doc = await PDFDocument.load(await fs.readFile(input), { updateMetadata: false });
  const bad = new Set<number>();
  doc.getPages().forEach((page, i) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    try {
      for (const s of streams) if (s instanceof PDFRawStream) decodePDFRawStream(s).decode();
    } catch {
      bad.add(i);
    }
  });
  return bad;
}

/** N-up and booklet on the 300-page PDF: the processors beside the raw pdf-lib script they are built on. */
export async function layoutBench(): Promise<string> {
  const dir = await scratchDir('layout');
  try {
    const input = await buildLongPdf(dir);
    // pdf-lib alone fails on the long PDF: one page's content stream does not decode. The raw script
    // leaves that page out (found once, untimed); the processors take the file as uploaded.
    const skip = await undecodablePages(input);
    const cases = [
      { tool: 'n-up-pdf' as const, layout: 'n-up' as const, options: { perSheet: 4 }, sheets: Math.ceil(LONG_PDF_PAGES / 4) },
      { tool: 'booklet-pdf' as const, layout: 'booklet' as const, options: {}, sheets: Math.ceil(LONG_PDF_PAGES / 4) * 2 },
    ];
    const rows: string[][] = [];
    for (const c of cases) {
      const raw: number[] = [];
      const processor: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const work = await scratchDir('layout-run');
        raw.push((await timed(() => rawEmbedPages(input, path.join(work, 'raw.pdf'), c.layout, skip))).seconds);
        const { seconds, result } = await timed(() => runProcessor(c.tool, [input], c.options, work));
        processor.push(seconds);
        const sheets = await pageCount(result.outputs[0].path);
        if (i === 0) console.error(`layout: ${c.tool}: raw script leaves out ${skip.size} undecodable page(s)`);
        if (sheets !== c.sheets) throw new Error(`${c.tool}: ${sheets} sheets, expected ${c.sheets}`);
        await fs.rm(work, { recursive: true, force: true });
      }
      const [r, p] = [median(raw), median(processor)];
      rows.push([c.tool, secs(r), secs(p), `${(p / r).toFixed(2)}×`]);
      console.error(`layout: ${c.tool} done`);
    }
    return [
      `## Layout: N-up (4 a sheet) and booklet of a ${LONG_PDF_PAGES}-page PDF`,
      '',
      `Medians of ${RUNS} runs. The raw script loads the PDF with pdf-lib, \`embedPages\` every page (but the one whose content pdf-lib cannot decode) and draws them`,
      'on A4 sheets, then saves; the processors add the qpdf rewrite that readies damaged or oddly encoded files for',
      'pdf-lib, the check that each page’s content decodes, the crop box and /Rotate of each page, and the layout.',
      '',
      table(['tool', 'raw pdf-lib embedPages', 'processor', 'ratio'], rows),
    ].join('\n');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
