import { expect } from 'vitest';
import type { ToolCase } from '../harness';
import { embeddedImages } from '../image-checks';
import { text } from '../pdf-checks';
import { fixture } from '../../support/fixtures';
import { edits, halfBlackPng, meanGrey, op, plainText, signedLine, type3Line } from './checks';

const scan = fixture('scanned/ocrmypdf_skew.pdf');
const textBox = (t: string, rect: number[]) => op('text', { text: t, font: 'sans', size: 18, color: '#000000', bold: false, italic: false, align: 'left' }, 1, rect);

/** Inputs that are not plain digital text: a Type 3 font, a signed file, a scan. */
export const robustnessCases: readonly ToolCase[] = [
  {
    name: 'replaces a line set in a Type 3 font (never reused: its glyphs are drawings) with a shipped font and the notice',
    inputs: [type3Line],
    options: edits(op('replaceText', { text: 'New words' }, 1, [0.1, 0.08, 0.5, 0.05])),
    notice: 'FONT_SUBSTITUTED',
    async check(run) {
      expect(plainText(await text(run.outputs[0].path, 1, 1))).toBe('New words');
    },
  },
  {
    name: 'edits a signed PDF: the output opens, with the new text and the replaced line gone',
    inputs: [signedLine],
    options: edits(op('replaceText', { text: 'Hello Sheaf world' }, 1, [0.1, 0.09, 0.6, 0.04]), textBox('Added after signing', [0.1, 0.3, 0.8, 0.05])),
    notice: null,
    async check(run) {
      const lines = plainText(await text(run.outputs[0].path, 1, 1)).split('\n').filter(Boolean);
      expect(lines).toEqual(['Hello Sheaf world', 'Added after signing']);
    },
  },
  {
    name: 'whites out, writes and places a picture on a scanned page, and writes into a rect of a scan with no text to replace',
    inputs: [scan, halfBlackPng],
    options: edits(
      op('whiteout', {}, 1, [0.1, 0.1, 0.8, 0.1]),
      textBox('Typed over the scan', [0.1, 0.11, 0.8, 0.05]),
      op('image', { token: 'png', rotation: 0 }, 1, [0.1, 0.5, 0.4, 0.1]),
      op('replaceText', { text: 'Written on the scan' }, 1, [0.1, 0.8, 0.8, 0.05]),
    ),
    notice: null,
    async check(run) {
      const out = run.outputs[0].path;
      const page = await text(out, 1, 1);
      expect(page).toContain('Typed over the scan');
      expect(page).toContain('Written on the scan');
      // The whiteout's lower half (below the text) is white; the picture's opaque half is black.
      expect(await meanGrey(out, 1, [0.12, 0.17, 0.76, 0.03])).toBeGreaterThan(250);
      expect(await meanGrey(out, 1, [0.12, 0.52, 0.16, 0.06])).toBeLessThan(30);
      expect(embeddedImages(out).some((i) => i.smask)).toBe(true);
    },
  },
];
