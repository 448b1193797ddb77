import fs from 'node:fs';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { ToolConformance, ToolRun } from '../harness';
import { cad, garbageDwg, jpegAsDwg } from '../cad-fixtures';

/** The JPG's size and its pixels: something drawn in dark ink on white, not a blank sheet. */
async function picture(run: ToolRun) {
  const file = run.outputs[0].path;
  expect(fs.readFileSync(file).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  const meta = await sharp(file).metadata();
  const { channels } = await sharp(file).stats();
  return { meta, channels };
}

/** Share of pixels near a colour, on the JPG itself. */
async function colourShare(file: string, [r, g, b]: [number, number, number], tolerance = 90) {
  const { data } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  let hits = 0;
  for (let i = 0; i < data.length; i += 3) if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) <= tolerance) hits++;
  return hits / (data.length / 3);
}

const dwgToJpg: ToolConformance = {
  tool: 'dwg-to-jpg',
  outputExtension: 'jpg',
  sample: [cad('libredwg_example_2000.dwg')],
  pagesOf: () => [],
  async invariant(run) {
    const { channels } = await picture(run);
    // Not blank: dark lines on a white sheet.
    expect(Math.min(...channels.map((c) => c.min))).toBeLessThan(100);
    expect(channels[0].mean).toBeGreaterThan(200);
  },
  cases: [
    {
      name: 'renders an A4 sheet at 150 dpi by default',
      inputs: [cad('libredwg_example_2000.dwg')],
      names: ['libredwg_example_2000.jpg'],
      async check(run) {
        const { meta } = await picture(run);
        expect([meta.width, meta.height]).toEqual([1240, 1754]);
        expect(meta.density).toBe(150);
      },
    },
    {
      name: 'renders at the resolution asked for, sent as a form string',
      inputs: [cad('libredwg_r12_Leader.dxf')],
      options: { dpi: '300' },
      async check(run) {
        const { meta } = await picture(run);
        // Landscape A4 at 300 dpi.
        expect([meta.width, meta.height]).toEqual([3508, 2480]);
        expect(meta.density).toBe(300);
      },
    },
    {
      name: 'keeps a large sheet at high resolution under 50 megapixels',
      inputs: [cad('libredwg_sample_2018.dxf')],
      options: { dpi: 600, pagesize: 'a3' },
      async check(run) {
        const { meta } = await picture(run);
        expect(meta.width! * meta.height!).toBeLessThanOrEqual(50_000_000);
        expect(meta.width! * meta.height!).toBeGreaterThan(45_000_000);
      },
    },
    {
      name: 'shows the colour of a layer (red door outline)',
      inputs: [cad('libredwg_r14_v.dwg')],
      async check(run) {
        expect(await colourShare(run.outputs[0].path, [255, 0, 0])).toBeGreaterThan(0.001);
      },
    },
    { name: 'refuses a DWG signature followed by noise', inputs: [garbageDwg], error: 'DRAWING_DAMAGED' },
    { name: 'refuses a JPEG renamed to .dwg', inputs: [jpegAsDwg], error: 'UNSUPPORTED_TYPE' },
  ],
};

export default dwgToJpg;
