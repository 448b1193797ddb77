import { readFile, writeFile } from 'node:fs/promises';
import { PDFDocument, rgb } from '@cantoo/pdf-lib';
import { drawLine, upright, wrap } from '../editor/apply-edits';
import { closestFamily, FontBook } from '../editor/fonts';
import { pageSpace, uprightRect, userBox } from '../editor/page-space';
import { removeText } from '../editor/pdfium';
import { ScriptSetter } from '../editor/script-runs';
import type { TextBlock } from './text-blocks';

/** Target languages read in a CJK face throughout, its Latin letters too, in that language's glyph forms. */
const CJK_REGIONS: Readonly<Record<string, 'jp' | 'kr' | 'sc'>> = { ja: 'jp', ko: 'kr', zh: 'sc' };

/** Target languages written right to left. */
const RTL_LANGUAGES: ReadonlySet<string> = new Set(['ar', 'he']);

/** A block's alignment in the target's direction: text that started at the left edge starts at the right one, and back. */
function alignIn(block: TextBlock, rtlTarget: boolean): TextBlock['align'] {
  if (block.align === 'center' || block.rtl === rtlTarget) return block.align;
  return rtlTarget ? 'right' : 'left';
}

/** The smallest size a translation is shrunk to; below it the text is cut short instead. */
const MIN_SIZE = 4;
const SHRINK = 0.92;
/** Of a line's size: above the baseline (capitals and accents), and the whole ink of one line. */
const ASCENT = 0.78;
const ELLIPSIS = '…';

type Rect = { x: number; y: number; width: number; height: number };

const hex = (color: string) => rgb(...([1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16) / 255) as [number, number, number]));

/**
 * The translated PDF: each block's original glyphs removed (PDFium's redactor, as the editor
 * replaces text, so copying or searching finds only the translation), then its translation set in
 * the block's room, shrunk until it fits. Where PDFium found no glyph to remove, the text's box is
 * painted white first, so the original never shows through.
 */
export async function drawTranslation(input: string, output: string, blocks: readonly TextBlock[], texts: readonly string[], language: string, signal: AbortSignal) {
  const source = await readFile(input);
  const original = await PDFDocument.load(source, { updateMetadata: false });
  const removals = blocks.map((block) => {
    const [left, bottom, right, top] = userBox(pageSpace(original.getPage(block.page)), block.rect);
    return { pageIndex: block.page, rect: { left: left - 0.5, bottom: bottom - 0.5, right: right + 0.5, top: top + 0.5 } };
  });
  const { bytes, styles } = await removeText(source, removals);
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const fonts = new FontBook(pdf);
  const region = CJK_REGIONS[language];
  const rtlTarget = RTL_LANGUAGES.has(language);
  for (const [i, block] of blocks.entries()) {
    signal.throwIfAborted();
    const page = pdf.getPage(block.page);
    const space = pageSpace(page);
    const r = uprightRect(space, block.room);
    const style = { family: closestFamily(block.fontName), bold: block.bold, italic: block.italic };
    const setter = region ? await cjkSetter(fonts, block.bold, region) : await fonts.setter(style, texts[i]);
    // Lines closer than their size would touch: a tightly set block gets single spacing.
    const lineHeight = Math.max(1, block.lineHeight);
    const { size, lines } = fit(setter, texts[i], block.fontSize, lineHeight, r);
    const color = hex(block.color);
    const align = alignIn(block, rtlTarget);
    upright(page, space, () => {
      if (!styles[i]) page.drawRectangle({ ...uprightRect(space, block.rect), color: rgb(1, 1, 1) });
      let baseline = r.y + r.height - size * ASCENT;
      for (const line of lines) {
        const w = setter.width(line, size);
        const x = align === 'left' ? r.x : align === 'center' ? r.x + (r.width - w) / 2 : r.x + r.width - w;
        drawLine(page, setter, line, { x, y: baseline, size, color });
        baseline -= size * lineHeight;
      }
    });
  }
  await writeFile(output, await pdf.save({ useObjectStreams: false }));
}

async function cjkSetter(fonts: FontBook, bold: boolean, region: 'jp' | 'kr' | 'sc') {
  const face = await fonts.cjk(bold, region);
  return new ScriptSetter(face, new Map([['cjk', face]]));
}

/** Ink height of `count` lines. */
const inkHeight = (count: number, size: number, lineHeight: number) => size * (1 + (count - 1) * lineHeight);

/**
 * The largest size up to the original's at which the wrapped text fits the box, in width and in
 * height. At the smallest size, lines past the box's bottom are left out and the last one kept ends
 * in an ellipsis; a word still too wide is cut the same way.
 */
export function fit(setter: ScriptSetter, text: string, original: number, lineHeight: number, r: Rect): { size: number; lines: string[] } {
  const fitsWidth = (line: string, size: number) => setter.width(line, size) <= r.width + 0.5;
  for (let size = original; size > MIN_SIZE; size *= SHRINK) {
    const lines = wrap(text, setter, size, r.width);
    if (inkHeight(lines.length, size, lineHeight) <= r.height + 0.5 && lines.every((l) => fitsWidth(l, size))) return { size, lines };
  }
  let lines = wrap(text, setter, MIN_SIZE, r.width);
  const room = Math.max(1, Math.floor((r.height / MIN_SIZE - 1) / lineHeight) + 1);
  if (lines.length > room) lines = [...lines.slice(0, room - 1), lines[room - 1] + ELLIPSIS];
  return { size: MIN_SIZE, lines: lines.map((line) => (fitsWidth(line, MIN_SIZE) ? line : cut(line, (l) => fitsWidth(l, MIN_SIZE)))) };
}

/** The line shortened, character by character, until it fits with an ellipsis. */
function cut(line: string, fits: (line: string) => boolean): string {
  const chars = [...line];
  while (chars.length && !fits(chars.join('') + ELLIPSIS)) chars.pop();
  return chars.join('') + ELLIPSIS;
}
