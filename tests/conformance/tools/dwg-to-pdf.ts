import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { ToolCase, ToolConformance, ToolRun } from '../harness';
import { CAD_FIXTURES, CAD_TEXT, cad, colouredLayersDxf, lightLayersDxf, emptyDxf, garbageDwg, jpegAsDwg, nestedBlocksDxf, recursiveBlockDxf, textAsDxf, truncatedDwg } from '../cad-fixtures';
import { pageSizes, renderedPage, shareOfColor } from '../image-checks';
import { text } from '../pdf-checks';

const stem = (name: string) => name.replace(/\.[^.]+$/, '');

/** Images pdfimages finds: a vector drawing has none. */
const rasterImages = (file: string) => execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2).length;

/** Share of the rendered page in a colour (lines are thin: a share of a percent is a lot). */
const colourShare = async (run: ToolRun, rgb: [number, number, number]) => shareOfColor(await renderedPage(run.outputs[0].path, 1, run.workDir, 72), rgb, 90);

/** Every stored drawing converts to one vector page carrying its text. */
const everyFixture: ToolCase[] = CAD_FIXTURES.map((name) => ({
  name: `converts ${name} to a vector page with its text`,
  inputs: [cad(name)],
  pages: [1],
  names: [`${stem(name)}.pdf`],
  async check(run: ToolRun) {
    expect(rasterImages(run.outputs[0].path)).toBe(0);
    expect((await text(run.outputs[0].path)).replace(/\s+/g, ' ')).toContain(CAD_TEXT[name]);
  },
}));

const dwgToPdf: ToolConformance = {
  tool: 'dwg-to-pdf',
  sample: [cad('libredwg_sample_2018.dwg')],
  pagesOf: () => [1],
  cases: [
    ...everyFixture,
    {
      name: 'draws in the colours of the layers, white as black, and leaves out layers that are off',
      inputs: [colouredLayersDxf],
      options: { colors: 'drawing' },
      async check(run) {
        const page = await renderedPage(run.outputs[0].path, 1, run.workDir, 72);
        for (const rgb of [[255, 0, 0], [0, 255, 0], [0, 0, 255], [0, 0, 0]] as Array<[number, number, number]>) expect(shareOfColor(page, rgb, 90)).toBeGreaterThan(0.0005);
        // Five layers, four lines drawn: the one on the layer that is off is missing.
        const rows = new Set<number>();
        for (let y = 0; y < page.height; y++) {
          for (let x = 0; x < page.width; x++) {
            const i = (y * page.width + x) * 3;
            if (page.data[i] + page.data[i + 1] + page.data[i + 2] < 600) rows.add(y);
          }
        }
        const bands = [...rows].sort((a, b) => a - b).filter((y, i, all) => i === 0 || y - all[i - 1] > 2);
        expect(bands).toHaveLength(4);
      },
    },
    {
      name: 'plots yellow and cyan lines dark enough to read on white paper, in their own hue',
      inputs: [lightLayersDxf],
      async check(run) {
        const page = await renderedPage(run.outputs[0].path, 1, run.workDir, 72);
        // Not as drawn (pale on white) but darkened: olive for yellow, teal for cyan.
        for (const pale of [[255, 255, 0], [0, 255, 255]] as Array<[number, number, number]>) expect(shareOfColor(page, pale, 60)).toBe(0);
        for (const dark of [[123, 123, 0], [0, 133, 133]] as Array<[number, number, number]>) expect(shareOfColor(page, dark, 60)).toBeGreaterThan(0.0005);
      },
    },
    {
      name: 'prints every line black when asked for black and white',
      inputs: [lightLayersDxf],
      options: { colors: 'mono' },
      async check(run) {
        const page = await renderedPage(run.outputs[0].path, 1, run.workDir, 72);
        expect(shareOfColor(page, [0, 0, 0], 90)).toBeGreaterThan(0.0005);
        // Anti-aliased edges are grey, never coloured.
        for (let i = 0; i < page.data.length; i += 3) expect(Math.max(page.data[i], page.data[i + 1], page.data[i + 2]) - Math.min(page.data[i], page.data[i + 1], page.data[i + 2])).toBeLessThan(24);
      },
    },
    {
      name: 'colours a DWG by its layers (red door outline of the R14 drawing)',
      inputs: [cad('libredwg_r14_v.dwg')],
      async check(run) {
        expect(await colourShare(run, [255, 0, 0])).toBeGreaterThan(0.001);
      },
    },
    {
      name: 'turns the sheet to landscape for a drawing wider than tall',
      inputs: [cad('libredwg_r12_Leader.dxf')],
      async check(run) {
        const [size] = await pageSizes(run.outputs[0].path);
        expect([Math.round(size.width), Math.round(size.height)]).toEqual([842, 595]);
      },
    },
    {
      name: 'prints on A3 when asked',
      inputs: [cad('libredwg_sample_2000.dwg')],
      options: { pagesize: 'a3' },
      async check(run) {
        const [size] = await pageSizes(run.outputs[0].path);
        expect([Math.round(size.width), Math.round(size.height)]).toEqual([842, 1191]);
      },
    },
    {
      name: 'writes the measurement of a dimension whose picture has no text (LibreDWG-written DXF)',
      inputs: [cad('libredwg_2000_entities-2d.dxf')],
      check(run) {
        // Rotated 45° along its dimension line, the text comes out of pdftotext in pieces: look in the page itself.
        const qdf = path.join(run.workDir, 'qdf.pdf');
        execFileSync('qpdf', ['--qdf', '--object-streams=disable', run.outputs[0].path, qdf]);
        expect(fs.readFileSync(qdf, 'latin1')).toMatch(/(\(1\.41\)|<312e3431>)\s*Tj/i);
      },
    },
    { name: 'draws a block that inserts itself once, without looping', inputs: [recursiveBlockDxf], pages: [1] },
    { name: 'refuses blocks that would expand to billions of lines', inputs: [nestedBlocksDxf], error: 'FILE_TOO_COMPLEX' },
    { name: 'refuses a DXF without any entity', inputs: [emptyDxf], error: 'DRAWING_EMPTY' },
    { name: 'refuses a DWG signature followed by noise', inputs: [garbageDwg], error: 'DRAWING_DAMAGED' },
    { name: 'refuses a truncated DWG', inputs: [truncatedDwg], error: 'DRAWING_DAMAGED' },
    { name: 'refuses a JPEG renamed to .dwg', inputs: [jpegAsDwg], error: 'UNSUPPORTED_TYPE' },
    { name: 'refuses plain text renamed to .dxf', inputs: [textAsDxf], error: 'UNSUPPORTED_TYPE' },
  ],
};

export default dwgToPdf;
