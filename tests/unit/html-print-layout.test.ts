import { describe, expect, it } from 'vitest';
import htmlTool from '#shared/tools/html-to-pdf';
import { pageFileName } from '../../worker/src/html-to-pdf/page-file-name';
import { MAX_PAGE_SIDE_PX, printLayout, windowSize, type LayoutChoice } from '../../worker/src/html-to-pdf/print-layout';

const defaults: LayoutChoice = htmlTool.options.parse({ url: 'https://example.com/' });
const mm = (px: number) => (px * 25.4) / 96;

describe('HTML to PDF print layout', () => {
  it('lays a page out in a desktop window by default and scales that whole width onto A4 between 10 mm margins', () => {
    expect(windowSize(defaults)).toEqual({ width: 1280, height: 900 });
    const layout = printLayout(defaults, { width: 1280, height: 5000 });
    expect(mm(layout.width)).toBeCloseTo(210, 0);
    expect(mm(layout.height)).toBeCloseTo(297, 0);
    expect(mm(layout.margin)).toBeCloseTo(10, 5);
    // 190 mm of paper for 1280 px of layout.
    expect(layout.scale * 1280).toBeCloseTo((190 * 96) / 25.4, 3);
  });

  it('scales a phone layout up, within the 2× Chromium takes', () => {
    const phone = { ...defaults, viewport: 'phone' } as const;
    expect(windowSize(phone).width).toBe(390);
    expect(printLayout(phone, { width: 390, height: 3000 }).scale).toBeCloseTo(718.1 / 390, 2);
    expect(printLayout({ ...phone, format: 'A3', margin: 'none' }, { width: 390, height: 3000 }).scale).toBe(2);
  });

  it('fits a layout wider than its window, rather than cutting its right side, up to the largest page', () => {
    expect(printLayout(defaults, { width: 1600, height: 900 }).scale * 1600).toBeCloseTo((190 * 96) / 25.4, 3);
    expect(printLayout({ ...defaults, format: 'fit', margin: 'none' }, { width: 10_000_000, height: 900 }).width).toBe(MAX_PAGE_SIDE_PX);
  });

  it('lays print styles out at the width of the paper, at full size', () => {
    const print = { ...defaults, media: 'print', format: 'Letter', margin: 'normal' } as const;
    expect(windowSize(print)).toEqual({ width: Math.floor(((215.9 - 40) * 96) / 25.4), height: 900 });
    expect(printLayout(print, { width: windowSize(print).width, height: 900 }).scale).toBeCloseTo(1, 2);
  });

  it('fits the paper to the page: as wide as the layout plus margins, one window tall, nothing scaled', () => {
    const fit = { ...defaults, format: 'fit', viewport: 'tablet' } as const;
    const margin = (10 * 96) / 25.4;
    expect(printLayout(fit, { width: 820, height: 4000 })).toEqual({ width: 820 + 2 * margin, height: 1180 + 2 * margin, margin, scale: 1 });
  });

  it('makes one long page as tall as the content, up to 200 in', () => {
    const long = { ...defaults, onePage: true, margin: 'none' } as const;
    const layout = printLayout(long, { width: 1280, height: 6000 });
    expect(layout.height).toBe(Math.ceil(6000 * layout.scale) + 2);
    expect(printLayout(long, { width: 1280, height: 100_000 }).height).toBe(MAX_PAGE_SIDE_PX);
    expect(printLayout({ ...long, format: 'fit' }, { width: 1280, height: 6000 })).toMatchObject({ width: 1280, height: 6002, scale: 1 });
  });
});

describe('HTML to PDF file name', () => {
  const url = new URL('http://localhost:5173/blog/post');

  it('names the file from the page title, as the reader knows the page', () => {
    expect(pageFileName('My Article – Site', url)).toBe('My Article – Site.pdf');
    expect(pageFileName('  Été à Paris  ', url)).toBe('Été à Paris.pdf');
  });

  it('replaces what file systems refuse and trims loose ends', () => {
    expect(pageFileName('Q&A: "Why?" <2026> a/b\\c|d*\u0007', url)).toBe('Q&A Why 2026 a b c d.pdf');
    expect(pageFileName('...Notes.\n\tpart 2 ', url)).toBe('Notes. part 2.pdf');
  });

  it('cuts a long title at a word', () => {
    const name = pageFileName(`${'word '.repeat(40)}end`, url);
    expect(Array.from(name).length).toBeLessThanOrEqual(104);
    expect(name).toMatch(/^word( word)+\.pdf$/);
  });

  it('falls back to the host when the page has no title', () => {
    expect(pageFileName('', new URL('https://www.example.com/a'))).toBe('www.example.com.pdf');
    expect(pageFileName(' :/ ', new URL('http://127.0.0.1:8080/'))).toBe('127.0.0.1.pdf');
  });
});
