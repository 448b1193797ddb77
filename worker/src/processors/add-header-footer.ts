import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import type { GridPosition } from '#shared/tools/stamp-fields';
import headerFooterTool, { HEADER_FOOTER_SLOTS } from '#shared/tools/add-header-footer';
import { fileStem } from '../inputs/pdf-input';
import { fill } from '../stamps/page-labels';
import { PageLines } from '../stamps/page-lines';
import { openForStamps, type StampTarget } from '../stamps/stamp-document';
import { defineProcessor } from '../contract/processor';

type Slot = (typeof HEADER_FOOTER_SLOTS)[number];

const POSITION: Record<Slot, GridPosition> = {
  headerLeft: 'top-left',
  headerCenter: 'top-center',
  headerRight: 'top-right',
  footerLeft: 'bottom-left',
  footerCenter: 'bottom-center',
  footerRight: 'bottom-right',
};

/**
 * Headers and footers on every page of each file, in upload order. Bates numbers run on from one
 * file to the next (file 2 starts where file 1 stopped), and each result is named with its range.
 */
const addHeaderFooter = defineProcessor(headerFooterTool, async (ctx) => {
  const o = ctx.options;
  const texts = HEADER_FOOTER_SLOTS.flatMap((slot) => (o[slot]?.trim() ? [{ slot, text: o[slot]!.trim() }] : []));
  if (o.bates && !texts.some((t) => t.text.includes('{bates}'))) {
    const right = texts.find((t) => t.slot === 'footerRight');
    if (right) right.text += ' {bates}';
    else texts.push({ slot: 'footerRight', text: '{bates}' });
  }
  const bates = (n: number) => `${o.batesPrefix}${String(n).padStart(o.batesDigits, '0')}`;
  // Today as the page's language writes a date in a document's margin, as the editor's date stamp does (fr-FR 29/11/2026).
  const date = new Date().toLocaleDateString(o.lang === 'fr' ? 'fr-FR' : 'en-US', { timeZone: 'UTC' });
  const style = { family: o.font, bold: false, size: o.size, color: o.color };

  const dir = await mkdtemp(path.join(ctx.workDir, 'header-footer-'));
  const targets: StampTarget[] = [];
  for (const [i, input] of ctx.inputs.entries()) targets.push(await openForStamps(input, await mkdtemp(path.join(dir, `in-${i + 1}-`)), ctx.signal));
  await ctx.progress(0.3);

  let next = o.batesStart;
  const outputs = [];
  for (const [i, target] of targets.entries()) {
    ctx.signal.throwIfAborted();
    const input = ctx.inputs[i];
    const first = next;
    const lines = await PageLines.create();
    const perPage = (page: number) => texts.map(({ slot, text }) => ({ slot, text: fill(text, { n: String(page), total: String(target.pages), date, filename: input.name, bates: bates(first + page - 1) }) }));
    // One setter per slot for the whole file: the pages' texts differ only in their numbers.
    const setters = new Map(await Promise.all(texts.map(async ({ slot }) => [slot, await lines.setter(style, perPage(1).find((t) => t.slot === slot)!.text)] as const)));
    for (let page = 1; page <= target.pages; page++) {
      for (const { slot, text } of perPage(page)) lines.text(page, target.frames[page - 1], setters.get(slot)!, text, style, { position: POSITION[slot], margin: o.margin });
    }
    next = first + target.pages;
    const output = path.join(dir, `output-${i + 1}.pdf`);
    await lines.write(target, output, { workDir: dir, signal: ctx.signal });
    const name = o.bates ? `${fileStem(input.name)}_${bates(first)}-${bates(next - 1)}.pdf` : `${fileStem(input.name)}-header-footer.pdf`;
    outputs.push({ path: output, name });
    await ctx.progress(0.3 + (0.7 * (i + 1)) / targets.length);
  }
  return { outputs };
});

export default addHeaderFooter;
