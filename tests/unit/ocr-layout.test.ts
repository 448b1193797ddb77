import { describe, expect, it } from 'vitest';
import { dropCjkSpaces, joinWords } from '../../worker/src/ocr/cjk';
import { scannedPageLayout, scannedPageText } from '../../worker/src/ocr/ocr-layout';
import type { ScannedPage } from '../../worker/src/ocr/scan-page';

/** A letter page scanned at 300 dpi with one recognised line, "Invoice 42", 100 px from the top left. */
function scan(quarterTurns: number, size: { width: number; height: number }): ScannedPage {
  const words = [
    { text: 'Invoice', confidence: 95, box: { x0: 100, y0: 100, x1: 400, y1: 150 } },
    { text: '42', confidence: 96, box: { x0: 430, y0: 100, x1: 500, y1: 150 } },
  ];
  const box = { x0: 100, y0: 100, x1: 500, y1: 150 };
  return {
    quarterTurns,
    skew: 0,
    ocr: { ...size, confidence: 95, text: 'Invoice 42\n', paragraphs: [{ box, lines: [{ words, box, baseline: { x0: 100, y0: 140, x1: 500, y1: 140 }, rowHeight: 50 }] }] },
  };
}

describe('recognised pages in the shared page model', () => {
  it('places each line in points from the top left of the page', () => {
    const page = scannedPageLayout(scan(0, { width: 2550, height: 3300 }), { width: 612, height: 792 }, { width: 2550, height: 3300 });
    expect([page.width, page.height]).toEqual([612, 792]);
    expect(page.runs).toEqual([{ text: 'Invoice 42', x: 24, y: 24, width: 96, height: 12, fontSize: 10.5 }]);
  });

  it('lays out a page turned upright in its upright size', () => {
    // Scanned sideways: the raster is landscape, the recognised (turned) image portrait.
    const page = scannedPageLayout(scan(1, { width: 2550, height: 3300 }), { width: 792, height: 612 }, { width: 3300, height: 2550 });
    expect([page.width, page.height]).toEqual([612, 792]);
    expect(page.runs[0]).toMatchObject({ x: 24, y: 24 });
  });

  it('writes Chinese without the spaces Tesseract puts between characters', () => {
    expect(dropCjkSpaces('关于 浙江 菲 达 环保 2015 年 Pan China')).toBe('关于浙江菲达环保 2015 年 Pan China');
    expect(joinWords(['天', '健', 'Pan-China', 'Certified'])).toBe('天健 Pan-China Certified');
    expect(scannedPageText({ ...scan(0, { width: 10, height: 10 }), ocr: { ...scan(0, { width: 10, height: 10 }).ocr, text: '天 健 会 计\n\n\n\nA b\n' } })).toBe('天健会计\n\nA b\n');
  });
});
