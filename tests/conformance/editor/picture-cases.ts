import { expect } from 'vitest';
import type { ToolCase } from '../harness';
import { embeddedImages } from '../image-checks';
import { pdfFixture } from '../pdf-checks';
import { edits, halfBlackPng, meanGrey, op, scannedSignatureJpg } from './checks';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf').file;
/** A mid-grey ground under the picture, so "the page shows through" differs from white paper. */
const grey = (rect: number[]) => op('whiteout', { color: '#808080' }, 1, rect);

/** Pictures and picture signatures keep (or get) transparency as a soft mask. */
export const pictureCases: readonly ToolCase[] = [
  {
    name: 'keeps a placed PNG\'s transparency as a soft mask: the page shows under its transparent half',
    inputs: [tracemonkey, halfBlackPng],
    options: edits(grey([0.1, 0.3, 0.4, 0.1]), op('image', { token: 'png', rotation: 0 }, 1, [0.1, 0.3, 0.4, 0.1])),
    async check(run) {
      const out = run.outputs[0].path;
      const added = embeddedImages(out).filter((i) => i.page === 1 && i.width === 100 && i.height === 50);
      expect(added.map((i) => i.smask)).toEqual([false, true]);
      expect(await meanGrey(out, 1, [0.12, 0.32, 0.16, 0.06])).toBeLessThan(30);
      const under = await meanGrey(out, 1, [0.32, 0.32, 0.16, 0.06]);
      expect(under).toBeGreaterThan(100);
      expect(under).toBeLessThan(160);
    },
  },
];

/** Signature pictures: a scan's paper becomes transparent, only the ink covers the page. */
export const signaturePictureCases: readonly ToolCase[] = [
  {
    name: 'makes the paper of a scanned signature transparent (soft mask), so only the ink covers the page',
    inputs: [tracemonkey, scannedSignatureJpg],
    options: edits(grey([0.1, 0.5, 0.5, 0.2]), op('signature', { kind: 'image', token: 'scan' }, 1, [0.1, 0.5, 0.5, 0.2])),
    async check(run) {
      const out = run.outputs[0].path;
      const added = embeddedImages(out).filter((i) => i.page === 1 && i.width === 200 && i.height === 80);
      expect(added.map((i) => i.smask)).toEqual([false, true]);
      // The stroke across the middle is ink; the paper above it shows the grey page beneath, not white.
      expect(await meanGrey(out, 1, [0.15, 0.592, 0.4, 0.016])).toBeLessThan(60);
      const paper = await meanGrey(out, 1, [0.15, 0.53, 0.4, 0.04]);
      expect(paper).toBeGreaterThan(100);
      expect(paper).toBeLessThan(160);
    },
  },
  {
    name: 'keeps a signature picture that already has transparency as it is',
    inputs: [tracemonkey, halfBlackPng],
    options: edits(grey([0.1, 0.5, 0.5, 0.2]), op('signature', { kind: 'image', token: 'cut' }, 1, [0.1, 0.5, 0.5, 0.2])),
    async check(run) {
      const out = run.outputs[0].path;
      expect(embeddedImages(out).filter((i) => i.page === 1 && i.width === 100).map((i) => i.smask)).toEqual([false, true]);
    },
  },
];
