import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { fixture } from '../support/fixtures';

/** The CAD fixtures, and drawings made for properties none of them has. */

export const cad = (name: string) => fixture(`cad/${name}`);

/** Every stored drawing: DWG R14 to 2018 and DXF R12 to 2018. */
export const CAD_FIXTURES = fs.readdirSync(fixture('cad')).sort();

/** A text of each drawing that the PDF must carry as text (from its TEXT, MTEXT and dimension entities). */
export const CAD_TEXT: Record<string, string> = {
  'libredwg_2000_entities-2d.dxf': 'FOO',
  'libredwg_r12_Leader.dxf': 'LEADER',
  'libredwg_r14_v.dwg': 'V',
  'libredwg_sample_2000.dwg': 'Jen teksto simpla, cxu ne?',
  'libredwg_sample_2018.dwg': 'Jen teksto simpla, cxu ne?',
  'libredwg_sample_2018.dxf': 'Jen teksto simpla, cxu ne?',
  ...Object.fromEntries(['r14', '2000', '2004', '2007', '2010', '2013', '2018'].map((v) => [`libredwg_example_${v}.dwg`, 'Teksto granda nur por testi.'])),
};

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-cad-fixtures-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (name: string, content: string | Buffer) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
};

/** A DXF from group code/value pairs. */
const dxf = (name: string, sections: string) => write(name, `${sections.trim()}\n0\nEOF\n`);
const section = (name: string, body: string) => `0\nSECTION\n2\n${name}\n${body.trim() ? `${body.trim()}\n` : ''}0\nENDSEC`;
const block = (name: string, body: string) => `0\nBLOCK\n8\n0\n2\n${name}\n70\n0\n10\n0\n20\n0\n${body.trim()}\n0\nENDBLK`;
const insert = (name: string, x: number, y: number) => `0\nINSERT\n8\n0\n2\n${name}\n10\n${x}\n20\n${y}`;
const line = (layer: string, color: number, x1: number, y1: number, x2: number, y2: number) => `0\nLINE\n8\n${layer}\n62\n${color}\n10\n${x1}\n20\n${y1}\n11\n${x2}\n21\n${y2}`;

/** Sections and a layer, but no entity at all. */
export const emptyDxf = dxf('empty.dxf', [section('HEADER', '9\n$ACADVER\n1\nAC1015'), section('ENTITIES', '')].join('\n'));

/**
 * Blocks nested ten deep, each inserting the next ten times: 10^10 lines once expanded. The
 * renderer must refuse it quickly instead of expanding it for hours.
 */
export const nestedBlocksDxf = dxf(
  'nested.dxf',
  [
    section(
      'BLOCKS',
      Array.from({ length: 10 }, (_, level) =>
        block(`B${level}`, level === 9 ? line('0', 1, 0, 0, 1, 1) : Array.from({ length: 10 }, (_, i) => insert(`B${level + 1}`, i, 0)).join('\n')),
      ).join('\n'),
    ),
    section('ENTITIES', insert('B0', 0, 0)),
  ].join('\n'),
);

/** A block that inserts itself, next to a plain line: drawn once, the loop cut. */
export const recursiveBlockDxf = dxf(
  'recursive.dxf',
  [section('BLOCKS', block('LOOP', `${line('0', 3, 0, 0, 10, 10)}\n${insert('LOOP', 1, 1)}`)), section('ENTITIES', `${insert('LOOP', 0, 0)}\n${line('0', 5, 0, 0, 100, 0)}`)].join('\n'),
);

/** Layers with colours and one line each (red, green, blue), one of them white: printed black. */
export const colouredLayersDxf = dxf(
  'layers.dxf',
  [
    section(
      'TABLES',
      `0\nTABLE\n2\nLAYER\n${['RED:1', 'GREEN:3', 'BLUE:5', 'WHITE:7', 'OFF:-1'].map((l) => `0\nLAYER\n2\n${l.split(':')[0]}\n70\n0\n62\n${l.split(':')[1]}`).join('\n')}\n0\nENDTAB`,
    ),
    section(
      'ENTITIES',
      [line('RED', 256, 0, 0, 100, 0), line('GREEN', 256, 0, 10, 100, 10), line('BLUE', 256, 0, 20, 100, 20), line('WHITE', 256, 0, 30, 100, 30), line('OFF', 256, 0, 40, 100, 40)].join('\n'),
    ),
  ].join('\n'),
);

/** Yellow and cyan lines, as drawn on a black screen: on white paper they must be darkened to be read. */
export const lightLayersDxf = dxf(
  'light-layers.dxf',
  [
    section('TABLES', `0\nTABLE\n2\nLAYER\n${['YELLOW:2', 'CYAN:4'].map((l) => `0\nLAYER\n2\n${l.split(':')[0]}\n70\n0\n62\n${l.split(':')[1]}`).join('\n')}\n0\nENDTAB`),
    section('ENTITIES', [line('YELLOW', 256, 0, 0, 100, 0), line('CYAN', 256, 0, 10, 100, 10)].join('\n')),
  ].join('\n'),
);

/** A DWG signature followed by noise: LibreDWG must fail on it, not hang or crash the worker. */
export const garbageDwg = (() => {
  let x = 4242;
  const noise = Buffer.from(Array.from({ length: 32 * 1024 }, () => (x = (x * 1103515245 + 12345) % 2 ** 31) & 0xff));
  return write('garbage.dwg', Buffer.concat([Buffer.from('AC1032'), noise]));
})();

/** The first 16 KB of a real DWG. */
export const truncatedDwg = write('truncated.dwg', fs.readFileSync(cad('libredwg_example_2000.dwg')).subarray(0, 16 * 1024));

/** A JPEG under a .dwg name. */
export const jpegAsDwg = write('photo.dwg', fs.readFileSync(fixture('images/exif_Landscape_3.jpg')));

/** Plain text under a .dxf name. */
export const textAsDxf = write('notes.dxf', 'Just some notes,\nnot a drawing.\n');
