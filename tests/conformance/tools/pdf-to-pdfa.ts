import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, PDFString, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { ToolConformance, ToolRun } from '../harness';
import { pdfFixture, pdfinfoFields, renderDifference, text, xmpPacketOf } from '../pdf-checks';

/** LibreOffice's PDF of a two-page manual: its fonts embedded, its text with Unicode maps. */
const manual = pdfFixture('sheaf_bicycle-manual.pdf');
/** A CMYK picture with no output intent, which PDF/A-1b forbids as it is. */
const cmyk = pdfFixture('pypdf_cmyk-image.pdf');
/** Ghostscript 10.0 loses the Unicode map of a ligature of one of its fonts ("fi" would read "Þ"). */
const tracemonkey = pdfFixture('pdfjs_tracemonkey.pdf');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-pdfa-fixtures-'));
process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * A page with the faults a PDF/A conversion must undo: Helvetica not embedded, a DeviceRGB picture
 * with no output intent, JavaScript run on opening and JavaScript in the names tree; and, when
 * `opacity` is below 1, a half-transparent box, which PDF/A-1 forbids.
 */
async function faultyPdf(name: string, opacity: number): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  page.drawText('Archive copy of the minutes, 12 March 2024', { x: 50, y: 780, size: 16, font });
  page.drawRectangle({ x: 50, y: 600, width: 200, height: 100, color: rgb(0.9, 0.2, 0.1), opacity });
  const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
  page.drawImage(await doc.embedPng(png), { x: 300, y: 600, width: 100, height: 100 });
  const ctx = doc.context;
  const js = ctx.register(ctx.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("opened")') }));
  doc.catalog.set(PDFName.of('OpenAction'), js);
  doc.catalog.set(PDFName.of('Names'), ctx.obj({ JavaScript: ctx.obj({ Names: [PDFString.of('hello'), js] }) }));
  const file = path.join(dir, name);
  fs.writeFileSync(file, await doc.save({ useObjectStreams: false }));
  return file;
}
const faulty = await faultyPdf('faulty.pdf', 1);
const transparent = await faultyPdf('transparent.pdf', 0.5);

const CLASSPATH = ['preflight', 'pdfbox2', 'fontbox2', 'xmpbox', 'commons-logging', 'javax.activation', 'jaxb-api'].map((j) => `/usr/share/java/${j}.jar`).join(':');

/** Apache PDFBox Preflight's PDF/A-1b verdict and its error codes, as its XML report says them. */
function preflight(file: string): { valid: boolean; codes: string[] } {
  const xml = spawnSync('java', ['-cp', CLASSPATH, 'org.apache.pdfbox.preflight.Validator_A1b', 'xml', file], { encoding: 'utf8', maxBuffer: 64 << 20 }).stdout;
  return { valid: xml.includes('<isValid type="PDF/A1-b">true</isValid>'), codes: [...xml.matchAll(/<code>([^<]+)<\/code>/g)].map((m) => m[1]) };
}

/** pdffonts' table: one row per font with its "emb" column. */
function fontsEmbedded(file: string): boolean[] {
  const rows = spawnSync('pdffonts', [file], { encoding: 'utf8' }).stdout.split('\n').slice(2).filter(Boolean);
  return rows.map((row) => / yes +(yes|no) +(yes|no) +\d+ +\d+$/.test(row));
}

/** The whole file decompressed, as qpdf writes it for reading. */
const qdf = (file: string) => spawnSync('qpdf', ['--qdf', '--object-streams=disable', file, '-'], { encoding: 'latin1', maxBuffer: 256 << 20 }).stdout;

/** What every PDF/A level requires, checked with engines other than the ones that wrote the file. */
function holdsPdfa(file: string, part: number) {
  const xmp = xmpPacketOf(file);
  expect(xmp).toMatch(new RegExp(`pdfaid:part(='|>)${part}`));
  expect(xmp).toMatch(/pdfaid:conformance(='|>)B/);
  const objects = qdf(file);
  expect(objects).toMatch(/\/S \/GTS_PDFA1/);
  expect(objects).toMatch(/\/DestOutputProfile \d+ 0 R/);
  expect(objects).not.toMatch(/\/JavaScript|\/JS\b/);
  expect(spawnSync('qpdf', ['--show-encryption', file], { encoding: 'utf8' }).stdout).toMatch(/File is not encrypted/);
  const fonts = fontsEmbedded(file);
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.every(Boolean)).toBe(true);
  // Ghostscript 10.0 writes "D:…Z00'00'": the dates must be valid PDF dates that pdfinfo reads.
  expect(objects).not.toMatch(/Z00'00'/);
  expect(Number.isNaN(Date.parse(pdfinfoFields(file).CreationDate))).toBe(false);
}

/** Not one character of the text changed. */
const sameText = async ({ inputs, outputs }: ToolRun) => expect((await text(outputs[0].path)).replace(/\s+/g, '')).toBe((await text(inputs[0])).replace(/\s+/g, ''));

/**
 * The first page looks as it did (grey renders at 30 dpi, mean difference out of 255): drawings and
 * text move by a unit or two; a photo whose colours were converted to sRGB and resampled by another
 * renderer, by up to 20; a lost picture or a blank page, by far more.
 */
const looksAlike = async ({ inputs, outputs, workDir }: ToolRun, max = 3) => expect(await renderDifference(inputs[0], outputs[0].path, 1, workDir)).toBeLessThan(max);

const report = (run: ToolRun) => fs.readFileSync(run.outputs[0].path, 'utf8');

const pdfToPdfa: ToolConformance = {
  tool: 'pdf-to-pdfa',
  sample: [manual.file],
  pagesOf: ([pages]) => [pages],
  outputExtension: (options) => (options.mode === 'check' ? 'txt' : 'pdf'),
  // Ghostscript reads the fuzzed pages' broken streams otherwise than poppler: their text would change.
  refusesDamaged: { 'pdfjs_poppler-90-0-fuzzed.pdf': 'PDFA_TEXT_CHANGED' },
  cases: [
    {
      name: 'writes PDF/A-2b by default: identification, sRGB output intent, fonts embedded, no encryption, the text unchanged',
      inputs: [manual.file],
      pages: [manual.pages],
      names: ['sheaf_bicycle-manual-pdfa.pdf'],
      notice: 'PDFA_BASICS_CHECKED',
      async check(run) {
        holdsPdfa(run.outputs[0].path, 2);
        await sameText(run);
        await looksAlike(run);
      },
    },
    {
      name: 'writes PDF/A-3b',
      inputs: [manual.file],
      options: { conformance: '3b' },
      pages: [manual.pages],
      notice: 'PDFA_BASICS_CHECKED',
      check: (run) => holdsPdfa(run.outputs[0].path, 3),
    },
    {
      name: 'makes PDF/A-1b that PDFBox Preflight passes from a file with an unembedded font, a DeviceRGB picture and JavaScript',
      inputs: [faulty],
      options: { conformance: '1b' },
      pages: [1],
      notice: 'PDFA_VALIDATED',
      async check(run) {
        // Each fault is in the input, as Preflight sees it: fonts (3.1.3), colours without output intent (2.4.3), actions (6.2).
        const before = preflight(run.inputs[0]).codes;
        expect(before).toEqual(expect.arrayContaining(['3.1.3', '2.4.3']));
        expect(before.some((c) => c.startsWith('6.2'))).toBe(true);
        expect(preflight(run.outputs[0].path)).toEqual({ valid: true, codes: [] });
        holdsPdfa(run.outputs[0].path, 1);
        await sameText(run);
        await looksAlike(run);
      },
    },
    {
      name: 'makes PDF/A-1b of a CMYK picture that PDFBox Preflight passes',
      inputs: [cmyk.file],
      options: { conformance: '1b' },
      pages: [cmyk.pages],
      notice: 'PDFA_VALIDATED',
      async check(run) {
        expect(preflight(run.outputs[0].path)).toEqual({ valid: true, codes: [] });
        await looksAlike(run, 20);
      },
    },
    {
      name: 'refuses PDF/A-1b of a page with text and transparency, naming 2b, rather than turn the page into a picture',
      inputs: [transparent],
      options: { conformance: '1b' },
      error: 'PDFA1_TRANSPARENCY',
    },
    {
      name: 'keeps transparency and text in PDF/A-2b',
      inputs: [transparent],
      pages: [1],
      notice: 'PDFA_BASICS_CHECKED',
      async check(run) {
        holdsPdfa(run.outputs[0].path, 2);
        await sameText(run);
        await looksAlike(run);
      },
    },
    {
      name: 'refuses, rather than change the text, a file whose font Ghostscript would lose the Unicode map of',
      inputs: [tracemonkey.file],
      options: { conformance: '2b' },
      error: 'PDFA_TEXT_CHANGED',
    },
    {
      name: 'checks a file that is not PDF/A and names its problems in plain French',
      inputs: [faulty],
      options: { mode: 'check', lang: 'fr' },
      names: ['faulty-pdfa-check.txt'],
      notice: null,
      check(run) {
        const words = report(run);
        expect(words).toContain('Vérification PDF/A de « faulty.pdf »');
        expect(words).toContain('Le fichier ne se déclare pas PDF/A');
        expect(words).toContain('Non valide en PDF/A-1b');
        expect(words).toContain('Une police n’est pas incorporée au fichier');
        expect(words).toContain('sans profil de sortie');
        expect(words).toMatch(/\[!!\] Aucun JavaScript/);
      },
    },
  ],
};

export default pdfToPdfa;
