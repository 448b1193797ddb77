import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { sniffKind } from '#shared/file-kinds';
import { decodeBmp } from '../../../worker/src/images/bmp-decode';
import type { ToolConformance, ToolRun } from '../harness';
import { pageCount, pdfFixture } from '../pdf-checks';

const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf');
const multicolumn = pdfFixture('pypdf_multicolumn.pdf');
const chelsea = pdfFixture('plumber_chelsea_pdta.pdf');
const masked = pdfFixture('pdfjs_images.pdf');
const federalRegister = pdfFixture('plumber_federal-register-2020-17221.pdf');

/** Extension → the kind its bytes must sniff as. */
const KIND_OF: Record<string, string> = { jpg: 'jpg', jpeg: 'jpg', png: 'png', bmp: 'bmp', jp2: 'jp2' };
const extensionOf = (name: string) => path.extname(name).slice(1);

/** Size in pixels of a page rendered at `dpi`, as poppler rounds it (up). */
function renderedSize(file: string, page: number, dpi: number): [number, number] {
  const info = execFileSync('pdfinfo', ['-f', String(page), '-l', String(page), file], { encoding: 'utf8' });
  const m = new RegExp(`Page\\s+${page} size:\\s+([\\d.]+) x ([\\d.]+)`).exec(info)!;
  return [Math.ceil((Number(m[1]) * dpi) / 72), Math.ceil((Number(m[2]) * dpi) / 72)];
}

const dimensions = async (file: string) => {
  const m = await sharp(file).metadata();
  return [m.width, m.height];
};

/** What pdfimages itself writes for a file: its list, and its files by number. */
function pdfimages(file: string, flags: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-pdfimages-'));
  execFileSync('pdfimages', [...flags, file, path.join(dir, 'i')]);
  const files = new Map(fs.readdirSync(dir).map((n) => [Number(/-(\d+)\./.exec(n)![1]), path.join(dir, n)]));
  const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .map((l) => l.trim().split(/\s+/))
    .filter((c) => c.length > 10)
    .map((c) => ({ num: Number(c[1]), type: c[2], object: `${c[10]} ${c[11]}` }));
  return { list, files, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The images pdfimages lists, each object once, masks left out: what the tool must hand back. */
const expectedPictures = (list: Array<{ num: number; type: string; object: string }>) => {
  const seen = new Set<string>();
  return list.filter((r) => (r.type === 'image' || r.type === 'stencil') && !seen.has(r.object) && seen.add(r.object));
};

const rawPixels = async (input: sharp.Sharp) => (await input.raw().toBuffer({ resolveWithObject: true })).data;

async function sameAsPdfimages(run: ToolRun) {
  const theirs = pdfimages(run.inputs[0], ['-j', '-jp2', '-png']);
  try {
    const pictures = expectedPictures(theirs.list);
    expect(run.outputs).toHaveLength(pictures.length);
    for (const [i, picture] of pictures.entries()) {
      const ours = run.outputs[i].path;
      const reference = theirs.files.get(picture.num)!;
      expect(extensionOf(ours)).toBe(extensionOf(reference));
      // JPEG data is handed back byte for byte; PNGs hold the same pixels.
      if (extensionOf(ours) === 'jpg') expect(fs.readFileSync(ours).equals(fs.readFileSync(reference))).toBe(true);
      else expect((await rawPixels(sharp(ours))).equals(await rawPixels(sharp(reference)))).toBe(true);
    }
  } finally {
    theirs.remove();
  }
}

const pdfToJpg: ToolConformance = {
  tool: 'pdf-to-jpg',
  outputExtension: (o) => (o.mode === 'images' && (o.outtype ?? 'keep') === 'keep' ? ['jpg', 'png', 'jp2'] : o.outtype === undefined || o.outtype === 'keep' ? 'jpg' : String(o.outtype)),
  sample: [multicolumn.file],
  // Small pictures keep the generic checks fast.
  options: { dpi: 72 },
  pagesOf: (pages) => Array(pages[0]).fill(1),
  invariant(run) {
    for (const out of run.outputs) expect(sniffKind(fs.readFileSync(out.path).subarray(0, 4096), out.name)).toBe(KIND_OF[extensionOf(out.name)] === 'jp2' ? null : KIND_OF[extensionOf(out.name)]);
    if ((run.options.mode ?? 'pages') === 'pages') expect(run.outputs).toHaveLength(pageCount(run.inputs[0]));
  },
  cases: [
    {
      name: 'renders every page as a JPEG at 150 dpi by default',
      inputs: [tracemonkey.file],
      names: Array.from({ length: 14 }, (_, i) => `pdfjs_tracemonkey-${String(i + 1).padStart(2, '0')}.jpg`),
      async check(run) {
        for (const [i, out] of run.outputs.entries()) expect(await dimensions(out.path)).toEqual(renderedSize(run.inputs[0], i + 1, 150));
        expect((await sharp(run.outputs[0].path).metadata()).density).toBe(150);
      },
    },
    {
      name: 'renders at the resolution asked for, sent as a form string',
      inputs: [multicolumn.file],
      options: { dpi: '100' },
      async check(run) {
        for (const [i, out] of run.outputs.entries()) expect(await dimensions(out.path)).toEqual(renderedSize(run.inputs[0], i + 1, 100));
      },
    },
    {
      name: 'writes PNG pages',
      inputs: [multicolumn.file],
      options: { outtype: 'png', dpi: 72 },
      names: ['pypdf_multicolumn-1.png', 'pypdf_multicolumn-2.png', 'pypdf_multicolumn-3.png'],
    },
    {
      name: 'writes BMP pages holding exactly the rendered pixels',
      inputs: [multicolumn.file],
      options: { outtype: 'bmp', dpi: 72 },
      async check(run) {
        const png = await pngReference(run.inputs[0], 72, run.workDir);
        const bmp = decodeBmp(fs.readFileSync(run.outputs[0].path), 1e8);
        expect([bmp.width, bmp.height]).toEqual([png.info.width, png.info.height]);
        expect(bmp.data.equals(png.data)).toBe(true);
      },
    },
    {
      name: 'makes smaller files at low quality than at high quality',
      inputs: [multicolumn.file],
      options: { quality: 'low' },
      async check(run) {
        const high = path.join(run.workDir, 'high');
        execFileSync('pdftoppm', ['-jpeg', '-jpegopt', 'quality=95', '-r', '150', '-f', '1', '-l', '1', '-singlefile', run.inputs[0], high]);
        expect(fs.statSync(run.outputs[0].path).size).toBeLessThan(fs.statSync(`${high}.jpg`).size * 0.7);
      },
    },
    {
      name: 'hands back the images of a PDF as pdfimages writes them, each image once',
      inputs: [chelsea.file],
      options: { mode: 'images' },
      async check(run) {
        // 557 images drawn, some of them (logos) on several pages.
        expect(run.outputs.length).toBeLessThan(557);
        await sameAsPdfimages(run);
      },
    },
    {
      name: 'turns soft masks into transparency',
      inputs: [masked.file],
      options: { mode: 'images' },
      names: [1, 2, 3, 4, 5].map((n) => `pdfjs_images-image-${n}.png`),
      async check(run) {
        const theirs = pdfimages(run.inputs[0], ['-png']);
        try {
          for (const [i, out] of run.outputs.entries()) {
            const { data, info } = await sharp(out.path).raw().toBuffer({ resolveWithObject: true });
            expect(info.channels).toBe(4);
            const rgb = await rawPixels(sharp(theirs.files.get(2 * i)!).removeAlpha());
            const alpha = await rawPixels(sharp(theirs.files.get(2 * i + 1)!).greyscale());
            for (let p = 0; p < info.width * info.height; p += 97) {
              expect([data[4 * p], data[4 * p + 1], data[4 * p + 2], data[4 * p + 3]]).toEqual([rgb[3 * p], rgb[3 * p + 1], rgb[3 * p + 2], alpha[p]]);
            }
          }
        } finally {
          theirs.remove();
        }
      },
    },
    {
      name: 'converts extracted images to the format asked for',
      inputs: [federalRegister.file],
      options: { mode: 'images', outtype: 'jpg' },
      async check(run) {
        const theirs = pdfimages(run.inputs[0], ['-png']);
        try {
          const pictures = expectedPictures(theirs.list);
          expect(run.outputs).toHaveLength(pictures.length);
          for (const [i, out] of run.outputs.entries()) {
            expect(out.name).toMatch(/\.jpg$/);
            expect(await dimensions(out.path)).toEqual(await dimensions(theirs.files.get(pictures[i].num)!));
          }
        } finally {
          theirs.remove();
        }
      },
    },
    {
      name: 'converts extracted images to BMP',
      inputs: [masked.file],
      options: { mode: 'images', outtype: 'bmp' },
      async check(run) {
        const bmp = decodeBmp(fs.readFileSync(run.outputs[1].path), 1e8);
        expect([bmp.width, bmp.height]).toEqual([500, 504]);
      },
    },
    { name: 'refuses a PDF without images with NO_IMAGES', inputs: [multicolumn.file], options: { mode: 'images' }, error: 'NO_IMAGES' },
    {
      name: 'refuses more than 500 pages with TOO_MANY_PAGES',
      get inputs() {
        return [manyPages()];
      },
      error: 'TOO_MANY_PAGES',
    },
  ],
};

/** The first page of a PDF rendered by pdftoppm as PNG, RGB pixels. */
async function pngReference(file: string, dpi: number, workDir: string) {
  const base = path.join(workDir, 'reference');
  execFileSync('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', file, base]);
  return sharp(`${base}.png`).raw().toBuffer({ resolveWithObject: true });
}

let many: string | undefined;
/** pypdf_multicolumn.pdf's 3 pages 167 times over: 501 pages. Made on first use, removed at exit. */
function manyPages(): string {
  if (many) return many;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-many-pages-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  many = path.join(dir, 'many-pages.pdf');
  execFileSync('qpdf', ['--empty', '--pages', ...Array(167).fill(multicolumn.file), '--', many]);
  return many;
}

export default pdfToJpg;
