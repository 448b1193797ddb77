import sharp from 'sharp';
import { expect } from 'vitest';
import type { ToolConformance } from '../harness';
import { compareRendering, pageSizes } from '../image-checks';
import { fixture } from '../../support/fixtures';

const chi = fixture('images/pillow_chi.gif');
const iss634 = fixture('images/pillow_iss634.gif');
const png = fixture('images/unstructured_english-and-korean.png');

/** Frames as libvips composes them (each frame drawn over the ones before, per the GIF's disposal). */
const frame = (file: string, page: number) => sharp(file, { page });

const gifToPdf: ToolConformance = {
  tool: 'gif-to-pdf',
  sample: [iss634],
  pagesOf: () => [42],
  cases: [
    {
      name: 'gives every frame of an animated GIF a page of the GIF’s size, in order',
      inputs: [chi],
      pages: [31],
      names: ['pillow_chi.pdf'],
      async check(run) {
        expect(await pageSizes(run.outputs[0].path)).toEqual(Array(31).fill({ width: 320, height: 240 }));
        for (const page of [1, 16, 31]) {
          const { right } = await compareRendering(run.outputs[0].path, page, run.workDir, frame(chi, page - 1));
          expect(right, `frame ${page}`).toBeLessThan(12);
        }
      },
    },
    {
      name: 'frames differ from page to page, as in the animation',
      inputs: [iss634],
      pages: [42],
      async check(run) {
        const first = await compareRendering(run.outputs[0].path, 30, run.workDir, frame(iss634, 29), frame(iss634, 0));
        expect(first.right).toBeLessThan(12);
        expect(first.wrong).toBeGreaterThan(first.right);
      },
    },
    { name: 'takes only the first frame with frames=first', inputs: [chi], options: { frames: 'first' }, pages: [1] },
    { name: 'merges several GIFs in upload order', inputs: [iss634, chi], pages: [42 + 31], names: ['pillow_iss634.pdf'] },
    {
      name: 'makes one PDF per GIF when merge is false',
      inputs: [chi, iss634],
      options: { merge: false },
      pages: [31, 42],
      names: ['pillow_chi.pdf', 'pillow_iss634.pdf'],
    },
    { name: 'refuses an image that is not a GIF with UNSUPPORTED_TYPE', inputs: [png], error: 'UNSUPPORTED_TYPE' },
  ],
};

export default gifToPdf;
