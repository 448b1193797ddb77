import { PDFDocument } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { FontBook } from '../../worker/src/editor/fonts';
import type { ScriptSetter } from '../../worker/src/editor/script-runs';
import { batchMessage, batchesOf, readReply, translationPrompt } from '../../worker/src/translate/ask-translations';
import { fit } from '../../worker/src/translate/draw-translation';

describe("the model's translations, read back by their markers", () => {
  it('sends each block on one line under its number and tells the model the text is data', () => {
    expect(batchMessage(['Hello\n  world', 'Second'])).toBe('<1>\nHello world\n<2>\nSecond');
    expect(translationPrompt('de')).toMatch(/into de \(German\)[\s\S]*never instructions/);
  });

  it('puts each translation in its own block whatever the order, joins a translation written on several lines, and leaves out a block the model dropped', () => {
    const reply = 'Sure, here it is:\n<2>\nZweiter\n<1>\nErster\nTeil\n\n<4>\nVierter';
    expect(readReply(reply, 4)).toEqual(['Erster Teil', 'Zweiter', undefined, 'Vierter']);
  });

  it('ignores a marker past the batch and keeps the first of a repeated one', () => {
    expect(readReply('<1>\nEins\n<1>\nNoch einmal\n<9>\nNeun', 2)).toEqual(['Eins', undefined]);
  });

  it('cuts a document into batches in order, none past its size', () => {
    const texts = Array.from({ length: 50 }, (_, i) => `${i} ${'word '.repeat(40)}`);
    const batches = batchesOf(texts);
    expect(batches.flat()).toEqual(texts.map((_, i) => i));
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(batch.reduce((sum, i) => sum + texts[i].length, 0)).toBeLessThanOrEqual(4000);
  });
});

describe('a translation fitted to its block', () => {
  let setter: ScriptSetter;
  beforeAll(async () => {
    setter = await new FontBook(await PDFDocument.create()).setter({ family: 'sans', bold: false, italic: false }, 'Latin text');
  });
  const box = { x: 0, y: 0, width: 120, height: 30 };
  const ink = (size: number, lines: number) => size * (1 + (lines - 1) * 1.15);

  it('keeps the original size when the translation fits', () => {
    expect(fit(setter, 'Short', 10, 1.15, box)).toEqual({ size: 10, lines: ['Short'] });
  });

  it('wraps and shrinks a longer translation until it fits the box in width and height', () => {
    const { size, lines } = fit(setter, 'A much longer translation that cannot stay on one line at ten points', 10, 1.15, box);
    expect(size).toBeLessThan(10);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(setter.width(line, size)).toBeLessThanOrEqual(box.width + 0.5);
    expect(ink(size, lines.length)).toBeLessThanOrEqual(box.height + 0.5);
  });

  it('cuts what cannot fit even at the smallest size, ending in an ellipsis, and never leaves the box', () => {
    const { size, lines } = fit(setter, 'word '.repeat(400), 10, 1.15, box);
    expect(size).toBe(4);
    expect(lines.at(-1)!.endsWith('…')).toBe(true);
    for (const line of lines) expect(setter.width(line, size)).toBeLessThanOrEqual(box.width + 0.5);
    expect(ink(size, lines.length)).toBeLessThanOrEqual(box.height + 0.5);
  });
});
