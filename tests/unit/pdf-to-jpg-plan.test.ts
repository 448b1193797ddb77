import { describe, expect, it } from 'vitest';
import type { PdfImageInfo } from '../../worker/src/engines/poppler';
import { pageResolutions, picturesOf } from '../../worker/src/processors/pdf-to-jpg';

const a4 = { width: 595, height: 842, rotation: 0 };

describe('PDF to JPG resolutions', () => {
  it('renders every page at the resolution asked for', () => {
    expect(pageResolutions([a4, a4, { ...a4, rotation: 90 }], 300)).toEqual([300, 300, 300]);
  });

  it('lowers the resolution of a poster-sized page to about 40 megapixels', () => {
    const poster = { width: 72 * 100, height: 72 * 100, rotation: 0 };
    const [a4dpi, posterDpi] = pageResolutions([a4, poster], 300);
    expect(a4dpi).toBe(300);
    expect(posterDpi).toBe(63);
    expect(100 * posterDpi * 100 * posterDpi).toBeLessThanOrEqual(40_000_000);
  });

  it('lowers every page when the document as a whole would be too large', () => {
    const dpis = pageResolutions(Array(500).fill(a4), 300);
    expect(new Set(dpis).size).toBe(1);
    expect(dpis[0]).toBeLessThan(300);
    const pixels = 500 * ((595 * dpis[0]) / 72) * ((842 * dpis[0]) / 72);
    expect(pixels).toBeLessThanOrEqual(2_500_000_000);
  });
});

describe('PDF to JPG pictures', () => {
  const row = (num: number, type: PdfImageInfo['type'], object: string | null, page = 1): PdfImageInfo => ({
    page,
    num,
    type,
    width: 10,
    height: 10,
    encoding: 'image',
    object,
    xPpi: 72,
    yPpi: 72,
  });

  it('hands each image back once, with its soft mask', () => {
    const pictures = picturesOf([row(0, 'image', '5 0'), row(1, 'smask', '5 0'), row(2, 'image', '5 0', 2), row(3, 'smask', '5 0', 2), row(4, 'image', '9 0', 2)]);
    expect(pictures.map((p) => [p.image.num, p.mask?.num])).toEqual([
      [0, 1],
      [4, undefined],
    ]);
  });

  it('keeps every inline image and every stencil', () => {
    expect(picturesOf([row(0, 'image', null), row(1, 'image', null), row(2, 'stencil', '3 0'), row(3, 'mask', '3 0')]).map((p) => p.image.num)).toEqual([0, 1, 2]);
  });
});
