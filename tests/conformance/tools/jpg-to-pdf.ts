import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import { getTool } from '#shared/tools';
import type { ToolConformance, ToolRun } from '../harness';
import { compareRendering, embeddedImages, pageSizes, rawStream, renderedPage, shareOfColor } from '../image-checks';
import { fixture } from '../../support/fixtures';

const image = (name: string) => fixture(`images/${name}`);
const landscape3 = image('exif_Landscape_3.jpg');
const landscape6 = image('exif_Landscape_6.jpg');
const portrait8 = image('exif_Portrait_8.jpg');
const alphaPng = image('ocrmypdf_baiona_alpha.png');
const flowerWebp = image('pillow_flower.webp');
const transparentWebp = image('pillow_transparent.webp');
const multipageTiff = image('pillow_multipage.tiff');
const jpegTiff = image('pillow_tiff_strip_ycbcr_jpeg.tif');
const paperTiff = image('unstructured_layout-parser-paper-fast.tiff');
const bmp24 = image('unstructured_bmp_24.bmp');
const koreanPng = image('unstructured_english-and-korean.png');
const chiGif = image('pillow_chi.gif');
const heic = image('unstructured_DA-1p.heic');
const pdf = fixture('pdf/pdfjs_tracemonkey.pdf');

/**
 * Made here: one upright picture stored the eight EXIF ways (each file's pixels are turned so that
 * its orientation tag turns them back), and a CMYK JPEG, which a PDF cannot take as it is.
 */
const made = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-jpg-to-pdf-'));
const upright = await sharp(landscape3).rotate().resize(300, 200).jpeg().toBuffer();
/**
 * How to store the upright picture so that EXIF orientation n shows it upright again, as steps:
 * sharp applies a flop before a rotation in one pipeline, whatever the order of the calls.
 */
const STORE: Record<number, Array<(s: sharp.Sharp) => sharp.Sharp>> = {
  1: [],
  2: [(s) => s.flop()],
  3: [(s) => s.rotate(180)],
  4: [(s) => s.flip()],
  5: [(s) => s.rotate(90), (s) => s.flop()],
  6: [(s) => s.rotate(270)],
  7: [(s) => s.rotate(270), (s) => s.flop()],
  8: [(s) => s.rotate(90)],
};
const oriented: string[] = [];
for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) {
  let stored = upright;
  for (const step of STORE[n]) stored = await step(sharp(stored)).jpeg({ quality: 100 }).toBuffer();
  const file = path.join(made, `orientation-${n}.jpg`);
  await sharp(stored).withMetadata({ orientation: n }).jpeg({ quality: 95 }).toFile(file);
  oriented.push(file);
}
/** Transparent black on the left (white once laid over white), half-transparent blue on the right. */
const transparentPng = path.join(made, 'transparent.png');
await sharp(
  Buffer.from(Array.from({ length: 200 * 100 }, (_, i) => (i % 200 < 100 ? [0, 0, 0, 0] : [0, 0, 255, 128])).flat()),
  { raw: { width: 200, height: 100, channels: 4 } },
)
  .png()
  .toFile(transparentPng);
const cmykJpeg = path.join(made, 'cmyk.jpg');
await sharp(flowerWebp).toColourspace('cmyk').jpeg().toFile(cmykJpeg);
/** Damaged files: a photo and a PNG cut short, and random bytes under a .jpg name. */
const truncatedJpeg = path.join(made, 'truncated.jpg');
fs.writeFileSync(truncatedJpeg, fs.readFileSync(landscape3).subarray(0, 200_000));
const truncatedPng = path.join(made, 'truncated.png');
fs.writeFileSync(truncatedPng, fs.readFileSync(alphaPng).subarray(0, 60_000));
const notAnImage = path.join(made, 'random.jpg');
fs.writeFileSync(notAnImage, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)));
process.once('exit', () => fs.rmSync(made, { recursive: true, force: true }));

const maxFiles = getTool('jpg-to-pdf')!.maxFiles;

/** The rendered page looks like the expected picture, and clearly more than like the wrong one. */
async function looksLike(run: ToolRun, output: number, page: number, expected: sharp.Sharp, wrong?: sharp.Sharp) {
  const { right, wrong: other } = await compareRendering(run.outputs[output].path, page, run.workDir, expected, wrong);
  expect(right, `page ${page}: difference from the expected picture`).toBeLessThan(12);
  if (other !== undefined) expect(other, `page ${page}: difference from the wrong picture`).toBeGreaterThan(right * 3);
}

const jpgToPdf: ToolConformance = {
  tool: 'jpg-to-pdf',
  sample: [landscape3, flowerWebp],
  pagesOf: () => [2],
  cases: [
    {
      name: 'embeds a JPEG as it is: the image stream holds the bytes of the file',
      inputs: [landscape3],
      pages: [1],
      names: ['exif_Landscape_3.pdf'],
      async check(run) {
        const [img] = embeddedImages(run.outputs[0].path);
        expect(img).toMatchObject({ width: 1800, height: 1200, encoding: 'jpeg' });
        expect(rawStream(run.outputs[0].path, img.object).equals(fs.readFileSync(landscape3))).toBe(true);
      },
    },
    {
      name: 'shows all eight EXIF orientations upright on a page of the upright size, still without re-encoding',
      inputs: oriented,
      pages: [8],
      async check(run) {
        const out = run.outputs[0].path;
        expect(await pageSizes(out)).toEqual(Array(8).fill({ width: 300, height: 200 }));
        const images = embeddedImages(out);
        for (const [i, file] of oriented.entries()) {
          expect(rawStream(out, images[i].object).equals(fs.readFileSync(file)), `orientation ${i + 1} embedded as is`).toBe(true);
          // The wrong picture: the stored pixels without the turn (mirrored for 1, which has none).
          const unturned = i === 0 ? sharp(upright).flop() : sharp(file);
          await looksLike(run, 0, i + 1, sharp(upright), unturned);
        }
      },
    },
    {
      name: 'honours the EXIF orientation of real photos (turned 90° both ways)',
      inputs: [landscape6, portrait8],
      pages: [2],
      async check(run) {
        expect(await pageSizes(run.outputs[0].path)).toEqual([
          { width: 1800, height: 1200 },
          { width: 1200, height: 1800 },
        ]);
        await looksLike(run, 0, 1, sharp(landscape6).rotate(), sharp(landscape6).rotate(180));
        await looksLike(run, 0, 2, sharp(portrait8).rotate(), sharp(portrait8).rotate(180));
      },
    },
    {
      name: 'lays PNG transparency over white',
      inputs: [transparentPng, alphaPng],
      pages: [2],
      async check(run) {
        expect(await pageSizes(run.outputs[0].path)).toEqual([
          { width: 200, height: 100 },
          { width: 640, height: 682 },
        ]);
        expect(embeddedImages(run.outputs[0].path).some((i) => i.smask)).toBe(false);
        const rendered = await renderedPage(run.outputs[0].path, 1, run.workDir, 72);
        const half = async (left: number) => {
          const raw = { width: rendered.width, height: rendered.height, channels: 3 as const };
          const { data, info } = await sharp(rendered.data, { raw })
            .extract({ left, top: 0, width: rendered.width / 2, height: rendered.height })
            .raw()
            .toBuffer({ resolveWithObject: true });
          return { width: info.width, height: info.height, data };
        };
        expect(shareOfColor(await half(0), [255, 255, 255], 6)).toBeGreaterThan(0.98);
        // 50% blue over white.
        expect(shareOfColor(await half(rendered.width / 2), [127, 127, 255], 12)).toBeGreaterThan(0.98);
        // An RGBA PNG whose alpha is opaque throughout keeps its pixels.
        await looksLike(run, 0, 2, sharp(alphaPng));
      },
    },
    {
      name: 'converts WebP (also with alpha), TIFF (also JPEG-compressed), BMP and PNG with their pixels intact',
      inputs: [flowerWebp, transparentWebp, jpegTiff, paperTiff, bmp24, koreanPng],
      pages: [6],
      async check(run) {
        expect(await pageSizes(run.outputs[0].path)).toEqual([
          { width: 480, height: 360 },
          { width: 200, height: 150 },
          { width: 480, height: 360 },
          { width: 612, height: 792 },
          { width: 200, height: 200 },
          { width: 650, height: 814 },
        ]);
        await looksLike(run, 0, 1, sharp(flowerWebp), sharp(flowerWebp).flip());
        await looksLike(run, 0, 2, sharp(transparentWebp).flatten({ background: '#ffffff' }), sharp(transparentWebp).flatten({ background: '#000000' }));
        await looksLike(run, 0, 3, sharp(jpegTiff), sharp(jpegTiff).flip());
        await looksLike(run, 0, 4, sharp(paperTiff));
        await looksLike(run, 0, 5, bmpReference(bmp24), bmpReference(bmp24).flip());
        await looksLike(run, 0, 6, sharp(koreanPng));
        // Lossless formats stay lossless: Flate, not JPEG.
        expect(embeddedImages(run.outputs[0].path).map((i) => i.encoding)).toEqual(['image', 'image', 'image', 'image', 'image', 'image']);
      },
    },
    {
      name: 'gives every page of a multi-page TIFF its own page, each at its own size',
      inputs: [multipageTiff],
      pages: [3],
      async check(run) {
        expect(await pageSizes(run.outputs[0].path)).toEqual([
          { width: 10, height: 10 },
          { width: 10, height: 10 },
          { width: 20, height: 20 },
        ]);
      },
    },
    {
      name: 'merges the images in upload order',
      inputs: [flowerWebp, landscape3, bmp24],
      pages: [3],
      names: ['pillow_flower.pdf'],
      async check(run) {
        expect(await pageSizes(run.outputs[0].path)).toEqual([
          { width: 480, height: 360 },
          { width: 1800, height: 1200 },
          { width: 200, height: 200 },
        ]);
      },
    },
    {
      name: 'makes one PDF per image when merge is false, in upload order',
      inputs: [bmp24, flowerWebp, multipageTiff, flowerWebp],
      options: { merge: false },
      pages: [1, 1, 3, 1],
      names: ['unstructured_bmp_24.pdf', 'pillow_flower.pdf', 'pillow_multipage.pdf', 'pillow_flower-2.pdf'],
    },
    { name: 'puts only the first frame of an animated GIF by default', inputs: [chiGif], pages: [1] },
    { name: 'puts every frame of an animated GIF with frames=all', inputs: [chiGif], options: { frames: 'all' }, pages: [31] },
    {
      name: 'resizes to 1024 pixels wide, keeping the aspect',
      inputs: [flowerWebp],
      options: { resize: '1024' },
      pages: [1],
      async check(run) {
        expect(embeddedImages(run.outputs[0].path)[0]).toMatchObject({ width: 1024, height: 768 });
        expect(await pageSizes(run.outputs[0].path)).toEqual([{ width: 1024, height: 768 }]);
        await looksLike(run, 0, 1, sharp(flowerWebp), sharp(flowerWebp).flip());
      },
    },
    {
      name: 'resizes a turned JPEG to 480 pixels wide: upright, re-encoded as JPEG',
      inputs: [landscape6],
      options: { resize: 480 },
      pages: [1],
      async check(run) {
        expect(embeddedImages(run.outputs[0].path)[0]).toMatchObject({ width: 480, height: 320, encoding: 'jpeg' });
        await looksLike(run, 0, 1, sharp(landscape6).rotate(), sharp(landscape6).rotate(180));
      },
    },
    {
      name: 'crops to the one-inch photo size, 295 × 413 pixels on a 25 × 35 mm page',
      inputs: [landscape3],
      options: { resize: '295x413' },
      pages: [1],
      async check(run) {
        expect(embeddedImages(run.outputs[0].path)[0]).toMatchObject({ width: 295, height: 413 });
        const [size] = await pageSizes(run.outputs[0].path);
        expect(size.width).toBeCloseTo((295 / 300) * 72, 3);
        expect(size.height).toBeCloseTo((413 / 300) * 72, 3);
        await looksLike(run, 0, 1, sharp(landscape3).rotate().resize(295, 413, { fit: 'cover' }), sharp(landscape3).resize(295, 413, { fit: 'cover' }));
      },
    },
    {
      name: 'crops to the two-inch photo size, 413 × 579 pixels',
      inputs: [alphaPng],
      options: { resize: '413x579' },
      pages: [1],
      async check(run) {
        expect(embeddedImages(run.outputs[0].path)[0]).toMatchObject({ width: 413, height: 579 });
      },
    },
    {
      name: 'resizes to a custom width and height',
      inputs: [flowerWebp, bmp24],
      options: { resize: 'custom', width: '300', height: 100 },
      pages: [2],
      async check(run) {
        expect(embeddedImages(run.outputs[0].path).map((i) => [i.width, i.height])).toEqual([
          [300, 100],
          [300, 100],
        ]);
        expect(await pageSizes(run.outputs[0].path)).toEqual(Array(2).fill({ width: 300, height: 100 }));
      },
    },
    {
      name: 'fits each image on an A4 page with a 10 mm margin: landscape for a wide image, portrait for a tall one, centred and upright',
      inputs: [oriented[5], portrait8],
      options: { pagesize: 'a4', margin: 'small' },
      pages: [2],
      async check(run) {
        const out = run.outputs[0].path;
        const sizes = await pageSizes(out);
        expect([sizes[0].width, sizes[0].height].map(Math.round)).toEqual([842, 595]);
        expect([sizes[1].width, sizes[1].height].map(Math.round)).toEqual([595, 842]);
        // The picture as it should sit on the page: scaled to the margins on its long side, centred on
        // the other (white borders in image pixels: 300 × 200 at 2.617 pt a pixel; 1200 × 1800 at 0.436).
        const white = { r: 255, g: 255, b: 255 };
        const onPage1 = (img: sharp.Sharp) => img.extend({ left: 11, right: 11, top: 14, bottom: 14, background: white });
        await looksLike(run, 0, 1, onPage1(sharp(upright)), onPage1(sharp(upright).rotate(180)));
        const onPage2 = async (img: sharp.Sharp) => sharp(await img.toBuffer()).extend({ left: 82, right: 82, top: 65, bottom: 65, background: white });
        await looksLike(run, 0, 2, await onPage2(sharp(portrait8).rotate()), await onPage2(sharp(portrait8).rotate().rotate(180)));
        // The margin itself is white: the leftmost 8 pt of the landscape page.
        const page = await renderedPage(out, 1, run.workDir, 72);
        const strip = { width: 8, height: page.height, data: Buffer.alloc(8 * page.height * 3) };
        for (let y = 0; y < page.height; y++) page.data.copy(strip.data, y * 8 * 3, y * page.width * 3, y * page.width * 3 + 8 * 3);
        expect(shareOfColor(strip, [255, 255, 255], 10)).toBeGreaterThan(0.99);
      },
    },
    {
      name: 'keeps the image size as the page size by default, and ignores a margin without a paper size',
      inputs: [oriented[0]],
      options: { margin: 'big' },
      pages: [1],
      async check(run) {
        expect(await pageSizes(run.outputs[0].path)).toEqual([{ width: 300, height: 200 }]);
      },
    },
    {
      name: 're-encodes a CMYK JPEG, which PDF readers show inconsistently, to RGB with its colours',
      inputs: [cmykJpeg],
      pages: [1],
      async check(run) {
        expect(embeddedImages(run.outputs[0].path)[0]).toMatchObject({ color: 'rgb', encoding: 'jpeg' });
        await looksLike(run, 0, 1, sharp(flowerWebp), sharp(flowerWebp).negate());
      },
    },
    {
      name: `converts as many images as a task may take (${maxFiles})`,
      inputs: Array.from({ length: maxFiles }, (_, i) => [landscape3, flowerWebp, bmp24][i % 3]),
      pages: [maxFiles],
    },
    { name: 'refuses HEIC, which this build of libvips cannot decode, with UNSUPPORTED_TYPE', inputs: [heic], error: 'UNSUPPORTED_TYPE' },
    { name: 'refuses a PDF given as an image with UNSUPPORTED_TYPE', inputs: [pdf], error: 'UNSUPPORTED_TYPE' },
    { name: 'refuses random bytes named .jpg with UNSUPPORTED_TYPE', inputs: [notAnImage], error: 'UNSUPPORTED_TYPE' },
    { name: 'refuses a truncated JPEG with IMAGE_DAMAGED rather than embedding half a photo', inputs: [truncatedJpeg], error: 'IMAGE_DAMAGED' },
    { name: 'refuses a truncated PNG with IMAGE_DAMAGED', inputs: [flowerWebp, truncatedPng], error: 'IMAGE_DAMAGED' },
  ],
};

/**
 * A reference reading of a 24-bit BMP, independent of the worker's decoder: rows are stored bottom
 * first, BGR, padded to 4 bytes.
 */
function bmpReference(file: string): sharp.Sharp {
  const buf = fs.readFileSync(file);
  const [offset, width, height] = [buf.readUInt32LE(10), buf.readInt32LE(18), buf.readInt32LE(22)];
  expect(buf.readUInt16LE(28)).toBe(24);
  const stride = Math.ceil((width * 3) / 4) * 4;
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = offset + (height - 1 - y) * stride + x * 3;
      rgb.set([buf[from + 2], buf[from + 1], buf[from]], (y * width + x) * 3);
    }
  }
  return sharp(rgb, { raw: { width, height, channels: 3 } });
}

export default jpgToPdf;
