import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sniffKind } from '#shared/file-kinds';
import dwgToJpgTool from '#shared/tools/dwg-to-jpg';
import ebooksTool from '#shared/tools/ebooks-to-pdf';
import { convertCad } from '../../worker/src/cad/convert';
import { aciToRgb } from '../../worker/src/cad/document';
import { paperColor } from '../../worker/src/cad/paper-colors';
import { readDxf } from '../../worker/src/cad/dxf-reader';
import { PathBuilder, IDENTITY, flatten } from '../../worker/src/cad/geometry';
import { mtextParagraphs, toWinAnsi } from '../../worker/src/cad/text';
import { pageEntries } from '../../worker/src/ebooks/comic';
import { isDrmFailure } from '../../worker/src/engines/calibre';
import { effectiveDpi } from '../../worker/src/processors/dwg-to-jpg';
import { fixture } from '../support/fixtures';

const head = (file: string) => fs.readFileSync(file).subarray(0, 4096);

describe('sniffing eBooks and drawings', () => {
  const expected: Record<string, string> = {
    'ebooks/comictagger_fake_cbr.cbr': 'cbr',
    'ebooks/epubcheck_lorem_epub2.epub': 'epub',
    'ebooks/epubjs_alice.epub': 'epub',
    'ebooks/fictionup_example-en.fb2': 'fb2',
    'ebooks/idpf_childrens-literature_epub3.epub': 'epub',
    'ebooks/komga_7zip_1page.cb7': 'cb7',
    'ebooks/komga_incomplete-theft.epub': 'epub',
    'ebooks/komga_rar4_3pages.cbr': 'cbr',
    'ebooks/komga_rar5_1page.cbr': 'cbr',
    'ebooks/komga_zip_1page.cbz': 'cbz',
    'ebooks/libmobi_sample-cp1252.mobi': 'mobi',
    'ebooks/libmobi_sample-multimedia.mobi': 'mobi',
    'ebooks/libmobi_sample-obfuscated-fonts.azw3': 'azw3',
    // PalmDOC shares the Palm database layout with MOBI; calibre's MOBI reader reads both.
    'ebooks/libmobi_sample-textread.pdb': 'mobi',
    'ebooks/libmobi_sample-unicode-huffdic.mobi': 'mobi',
    'ebooks/pychm_example.chm': 'chm',
    ...Object.fromEntries(fs.readdirSync(fixture('cad')).map((f) => [`cad/${f}`, path.extname(f).slice(1)])),
  };

  it.each(Object.entries(expected))('sniffs %s as %s', (file, kind) => {
    expect(sniffKind(head(fixture(file)), path.basename(file))).toBe(kind);
  });

  it('covers every eBook and CAD fixture', () => {
    const all = ['ebooks', 'cad'].flatMap((d) => fs.readdirSync(fixture(d)).map((f) => `${d}/${f}`));
    expect(Object.keys(expected).sort()).toEqual(all.sort());
  });

  it('accepts 7z only as a comic book', () => {
    expect(sniffKind(head(fixture('ebooks/komga_7zip_1page.cb7')), 'archive.7z')).toBeNull();
  });

  it('refuses plain text renamed to .fb2 or .dxf', () => {
    const text = Buffer.from('Just some notes, not a book.\n');
    expect(sniffKind(text, 'notes.fb2')).toBeNull();
    expect(sniffKind(text, 'notes.dxf')).toBeNull();
  });

  it('tells MOBI, AZW and AZW3 apart by name once the BOOKMOBI header is seen', () => {
    const mobi = head(fixture('ebooks/libmobi_sample-cp1252.mobi'));
    expect(sniffKind(mobi, 'book.azw')).toBe('azw');
    expect(sniffKind(mobi, 'book.azw3')).toBe('azw3');
    expect(sniffKind(mobi, 'book.prc')).toBe('mobi');
  });
});

describe('comic pages', () => {
  it('keeps image pages in natural order, without hidden files, resource forks or text', () => {
    // The names of comictagger's test archive, in its stored order.
    const names = ['.ignored.jpg', 'Page1.jpeg', 'page0.jpg', 'ignored.txt', 'page10.jpg', 'Page2.png', 'Page3.gif', 'page4.webp', '!cover.jpg', '00.jpg', '__MACOSX/._00.jpg'];
    const pages = pageEntries(names.map((name) => ({ name, size: 2, file: true })));
    expect(pages.map((p) => p.name)).toEqual(['!cover.jpg', '00.jpg', 'page0.jpg', 'Page1.jpeg', 'Page2.png', 'Page3.gif', 'page4.webp', 'page10.jpg']);
  });

  it('orders folder by folder, and leaves out links', () => {
    const entries = [
      { name: 'ch 2/p1.jpg', size: 1, file: true },
      { name: 'ch/p10.jpg', size: 1, file: true },
      { name: 'ch/p9.jpg', size: 1, file: true },
      { name: 'ch/link.jpg', size: 0, file: false },
    ];
    expect(pageEntries(entries).map((p) => p.name)).toEqual(['ch/p9.jpg', 'ch/p10.jpg', 'ch 2/p1.jpg']);
  });
});

describe('calibre failures', () => {
  it('recognises the DRM error in calibre output', () => {
    expect(isDrmFailure('  File "epub_input.py", line 291, in convert\n    raise DRMError(os.path.basename(path))\ncalibre.ebooks.DRMError: book.epub')).toBe(true);
    expect(isDrmFailure('ValueError: book.epub is not a valid EPUB file (could not find opf)')).toBe(false);
  });
});

describe('tool options', () => {
  it('takes a resolution between 72 and 600 dpi, 150 by default', () => {
    expect(dwgToJpgTool.options.parse({}).dpi).toBe(150);
    expect(dwgToJpgTool.options.parse({ dpi: '300' }).dpi).toBe(300);
    expect(dwgToJpgTool.options.safeParse({ dpi: 50 }).success).toBe(false);
    expect(dwgToJpgTool.options.safeParse({ dpi: 700 }).success).toBe(false);
  });

  it('prints eBooks on A4 or Letter only', () => {
    expect(ebooksTool.options.parse({})).toEqual({ pagesize: 'a4', pagenumbers: false });
    expect(ebooksTool.options.safeParse({ pagesize: 'a5' }).success).toBe(false);
  });

  it('lowers the resolution of a large sheet to stay under 50 megapixels', () => {
    const [w, h] = [841.89, 1190.55];
    expect(effectiveDpi(w, h, 150)).toBe(150);
    const dpi = effectiveDpi(w, h, 600);
    expect(dpi).toBeLessThan(600);
    expect(((w / 72) * dpi * (h / 72) * dpi) / 1e6).toBeLessThanOrEqual(50);
  });
});

describe('drawing', () => {
  it('maps AutoCAD colour indexes to RGB', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(aciToRgb)).toEqual([0xff0000, 0xffff00, 0x00ff00, 0x00ffff, 0x0000ff, 0xff00ff, 0xffffff, 0x808080, 0xc0c0c0]);
    expect([10, 11, 12, 20, 30, 250, 255].map(aciToRgb)).toEqual([0xff0000, 0xff7f7f, 0xcc0000, 0xff3f00, 0xff7f00, 0x333333, 0xffffff]);
  });

  it('draws a polyline bulge of 1 as a half circle on the right-hand side', () => {
    const p = new PathBuilder(IDENTITY);
    p.moveTo(0, 0);
    p.bulgeTo({ x: 0, y: 0 }, { x: 2, y: 0 }, 1);
    const [ring] = flatten(p.ops, 16);
    const lowest = ring.reduce((a, b) => (b.y < a.y ? b : a));
    expect(lowest.x).toBeCloseTo(1, 1);
    expect(lowest.y).toBeCloseTo(-1, 2);
  });

  it('strips MTEXT formatting and keeps its paragraphs', () => {
    expect(mtextParagraphs('{\\fArial|b1;Bold}\\Pnext \\S1/2; line\\~end \\U+00B0')).toEqual(['Bold', 'next 1/2 line\u00a0end °']);
  });

  it('writes what a standard PDF font cannot show as its nearest letters', () => {
    expect(toWinAnsi('Ĉu ŝi? Déjà 10×2 ⌀5 日本')).toBe('Cu si? Déjà 10×2 Ø5 ??');
  });

  it('reads layers, blocks and entities of a DXF, angles in radians', () => {
    const doc = readDxf(fs.readFileSync(fixture('cad/libredwg_2000_entities-2d.dxf'), 'utf8'));
    expect(doc.modelSpace.map((e) => e.type)).toEqual(expect.arrayContaining(['LINE', 'ARC', 'CIRCLE', 'TEXT', 'SOLID', 'LWPOLYLINE', 'DIMENSION', 'INSERT']));
    const arc = doc.modelSpace.find((e) => e.type === 'ARC') as unknown as { startAngle: number; endAngle: number };
    expect(Math.abs(arc.endAngle)).toBeLessThanOrEqual(2 * Math.PI);
    expect(doc.layers.get('0')).toBeDefined();
    expect([...doc.blocks.keys()]).toEqual(expect.arrayContaining(['*MODEL_SPACE']));
  });
});

describe('colours on white paper', () => {
  const YELLOW = 0xffff00;
  const CYAN = 0x00ffff;
  const channels = (rgb: number) => [(rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff];
  const luminance = (rgb: number) =>
    channels(rgb)
      .map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4))
      .reduce((sum, l, i) => sum + l * [0.2126, 0.7152, 0.0722][i], 0);
  const contrastOnWhite = (rgb: number) => 1.05 / (luminance(rgb) + 0.05);

  it('plots yellow and cyan dark enough to read (4.5:1 on white, as text needs), keeping their hue', () => {
    for (const colour of [YELLOW, CYAN, 0x80ff80]) {
      const printed = paperColor(colour, 'plot');
      expect(contrastOnWhite(colour)).toBeLessThan(2);
      expect(contrastOnWhite(printed)).toBeGreaterThanOrEqual(4.45);
      // Same hue: the channels keep their order and the zero channels stay zero.
      const [a, b] = [channels(colour), channels(printed)];
      for (let i = 0; i < 3; i++) if (a[i] === 0) expect(b[i]).toBe(0);
      expect(b[0] === b[1]).toBe(a[0] === a[1]);
    }
    // Dark enough already: blue and black as drawn, red barely touched.
    expect(paperColor(0x0000ff, 'plot')).toBe(0x0000ff);
    expect(paperColor(0x000000, 'plot')).toBe(0x000000);
    expect((paperColor(0xff0000, 'plot') >> 16) & 0xff).toBeGreaterThan(230);
  });

  it('prints white ink black in every mode, keeps the drawing’s colours when asked, or prints all black', () => {
    for (const mode of ['plot', 'drawing', 'mono'] as const) expect(paperColor(aciToRgb(7), mode)).toBe(0x000000);
    expect(paperColor(YELLOW, 'drawing')).toBe(YELLOW);
    expect(paperColor(YELLOW, 'mono')).toBe(0x000000);
    expect(paperColor(0xff0000, 'mono')).toBe(0x000000);
  });

  it('draws a whole drawing in black when asked for monochrome', async () => {
    const svgColours = async (colors: 'plot' | 'mono') => {
      const { svg } = await convertCad({ file: fixture('cad/libredwg_sample_2018.dxf'), kind: 'dxf', format: 'svg', paper: 'a4', colors, title: 't' }, { timeoutMs: 60_000 });
      // The sheet itself is white paper; every colour drawn on it is counted.
      return new Set(svg!.match(/#[0-9a-f]{6}/g)?.filter((c) => c !== '#ffffff'));
    };
    expect([...(await svgColours('mono'))]).toEqual(['#000000']);
    expect((await svgColours('plot')).size).toBeGreaterThan(1);
  }, 120_000);
});

describe('the CAD thread', () => {
  it('is terminated when the time limit passes', async () => {
    const started = Date.now();
    const error = await convertCad({ file: fixture('cad/libredwg_example_2000.dwg'), kind: 'dwg', format: 'pdf', paper: 'a4', colors: 'plot', title: 't' }, { timeoutMs: 50 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TASK_FAILED' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('does not start for an aborted task', async () => {
    const error = await convertCad({ file: fixture('cad/libredwg_sample_2018.dwg'), kind: 'dwg', format: 'pdf', paper: 'a4', colors: 'plot', title: 't' }, { timeoutMs: 60_000, signal: AbortSignal.abort() }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'TASK_FAILED' });
  });

  it('converts a drawing in a thread of its own', async () => {
    const result = await convertCad({ file: fixture('cad/libredwg_sample_2018.dxf'), kind: 'dxf', format: 'svg', paper: 'a4', colors: 'plot', title: 't' }, { timeoutMs: 60_000 });
    expect(result.svg).toContain('Jen teksto simpla');
    expect([Math.round(result.widthPt), Math.round(result.heightPt)]).toEqual([595, 842]);
  }, 60_000);
});
