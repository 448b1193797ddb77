import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  beginText,
  endText,
  moveText,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFDropdown,
  PDFHexString,
  PDFName,
  PDFOptionList,
  PDFRadioGroup,
  PDFString,
  PDFTextField,
  setFontAndSize,
  showText,
} from '@cantoo/pdf-lib';
import fontkit from '@cantoo/fontkit';
import sharp from 'sharp';
import { addSealPlaceholder, fillSeal, sealSigner } from '../../../worker/src/editor/seal';
import { makeSealCertificate } from '../../support/seal-certificate';

/** One editor operation with the fields every operation carries. */
export const op = (type: string, fields: Record<string, unknown>, page = 1, rect = [0, 0, 0, 0]) => ({ type, page, rect, ...fields });
/** The transfer options of an editor task: the operations as the JSON text a form post sends. */
export const edits = (...operations: unknown[]) => ({ operations: JSON.stringify({ version: 1, operations }) });

/** The annotations of a page: subtype and comment. */
export async function annotations(file: string, page: number): Promise<Array<{ subtype: string; contents?: string; hasAppearance: boolean }>> {
  const doc = await PDFDocument.load(fs.readFileSync(file));
  const annots = doc.getPage(page - 1).node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  return (annots?.asArray() ?? []).map((ref) => {
    const dict = doc.context.lookup(ref, PDFDict);
    const contents = dict.lookupMaybe(PDFName.of('Contents'), PDFString, PDFHexString);
    return { subtype: String(dict.get(PDFName.of('Subtype'))).slice(1), contents: contents?.decodeText(), hasAppearance: dict.has(PDFName.of('AP')) };
  });
}

export async function textFieldValue(file: string, name: string): Promise<string | undefined> {
  const doc = await PDFDocument.load(fs.readFileSync(file));
  return doc.getForm().getTextField(name).getText();
}

/**
 * Mean grey (0 black – 255 white), or mean blue, of a region of the rendered page, given in fractions of the page
 * as displayed (rendered like a viewer shows it: the crop box, turned by /Rotate).
 */
export async function meanGrey(file: string, page: number, [x, y, w, h]: readonly number[], channel?: 'blue'): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-editor-render-'));
  try {
    const out = path.join(dir, 'page');
    const r = spawnSync('pdftoppm', ['-r', '36', '-cropbox', '-png', '-singlefile', '-f', String(page), '-l', String(page), file, out]);
    if (r.status !== 0) throw new Error(`pdftoppm: ${r.stderr}`);
    const image = sharp(`${out}.png`);
    const { width, height } = await image.metadata();
    const left = Math.round(x * width!);
    const top = Math.round(y * height!);
    const region = { left, top, width: Math.max(1, Math.round(w * width!)), height: Math.max(1, Math.round(h * height!)) };
    // Pixels of the region itself (sharp's stats() would read the whole input).
    const cut = image.extract(region);
    // Yellow is nearly as light as white in grey; its blue channel tells it apart.
    const pixels = await (channel === 'blue' ? cut.removeAlpha().extractChannel(2) : cut.greyscale()).raw().toBuffer();
    return pixels.reduce((sum, v) => sum + v, 0) / pixels.length;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The grey (0 black – 255 white) of single pixels of the rendered page, at [x, y] fractions of the page as displayed: one render for them all. */
export async function greysAt(file: string, page: number, points: readonly (readonly number[])[]): Promise<number[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-editor-render-'));
  try {
    const out = path.join(dir, 'page');
    const r = spawnSync('pdftoppm', ['-r', '36', '-cropbox', '-gray', '-png', '-singlefile', '-f', String(page), '-l', String(page), file, out]);
    if (r.status !== 0) throw new Error(`pdftoppm: ${r.stderr}`);
    const { data, info } = await sharp(`${out}.png`).greyscale().raw().toBuffer({ resolveWithObject: true });
    return points.map(([x, y]) => data[Math.min(info.height - 1, Math.floor(y * info.height)) * info.width + Math.min(info.width - 1, Math.floor(x * info.width))]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A blank page whose crop box is a window of its media box, shown turned 90° (so every mapping matters). */
export const turnedCroppedPage: string = await (async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([600, 400]);
  page.setCropBox(100, 50, 400, 300);
  page.setRotation({ type: 'degrees', angle: 90 } as never);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-editor-fixture-')), 'turned-cropped.pdf');
  fs.writeFileSync(file, await doc.save());
  return file;
})();

/** A 100×50 PNG: its left half opaque black, its right half transparent (so turns and transparency show). */
export const halfBlackPng: string = await (async () => {
  const pixels = Buffer.alloc(100 * 50 * 4);
  for (let y = 0; y < 50; y++) for (let x = 0; x < 50; x++) pixels[(y * 100 + x) * 4 + 3] = 255;
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-editor-fixture-')), 'half-black.png');
  await sharp(pixels, { raw: { width: 100, height: 50, channels: 4 } }).png().toFile(file);
  return file;
})();

/** A 200×80 JPEG "scan" of a signature: a thick black stroke (its middle fifth) across opaque white paper. */
export const scannedSignatureJpg: string = await (async () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80"><rect width="200" height="80" fill="#fff"/><rect x="10" y="32" width="180" height="16" fill="#000"/></svg>';
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-editor-fixture-')), 'signature-scan.jpg');
  await sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toFile(file);
  return file;
})();

/** The fonts a page uses, as pdffonts lists them: name, type and whether embedded. */
export function pageFonts(file: string, page: number): Array<{ name: string; type: string }> {
  const r = spawnSync('pdffonts', ['-f', String(page), '-l', String(page), file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pdffonts: ${r.stderr}`);
  return r.stdout
    .split('\n')
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => ({ name: line.slice(0, 36).trim(), type: line.slice(37, 55).trim() }));
}

/**
 * A page whose one line, "Hello world from Sheaf", is set in an embedded subset of Noto Serif (a
 * CID TrueType font with a ToUnicode map, as most producers write), 24 pt, its baseline at 700 of 792.
 */
export const cidFontLine: string = await (async () => {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(fs.readFileSync(path.join(import.meta.dirname, '../../../worker/assets/fonts/NotoSerif-Regular.ttf')), { subset: true });
  doc.addPage([612, 792]).drawText('Hello world from Sheaf', { x: 72, y: 700, size: 24, font });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-editor-fixture-')), 'cid-font-line.pdf');
  fs.writeFileSync(file, await doc.save());
  return file;
})();

/** A blank US Letter page. */
export const blankPage: string = await (async () => {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-editor-fixture-')), 'blank.pdf');
  fs.writeFileSync(file, await doc.save());
  return file;
})();

/** pdftotext's text without the bidi marks it wraps right-to-left lines in, trimmed. */
export const plainText = (s: string) => s.replace(/[\u200e\u200f\u202a-\u202e]/g, '').trim();

/** The words pdftotext finds on a page, left to right by where they are drawn. */
export function wordsLeftToRight(file: string, page: number): string[] {
  const r = spawnSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pdftotext: ${r.stderr}`);
  // In this mode a right-to-left word comes out in drawing order, its last letter first: put it back.
  const reading = (word: string) => (/[\u0590-\u08ff]/.test(word) ? [...word].reverse().join('') : word);
  const words = [...r.stdout.matchAll(/<word xMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({ x: Number(m[1]), word: reading(plainText(m[2])) }));
  return words.sort((a, b) => a.x - b.x).map((w) => w.word);
}

/**
 * A form with one field of each kind a fill must handle beyond text and checkboxes: a radio group
 * "size" (S, M, L), a dropdown "country", a multi-select list box "languages" and a six-box comb
 * field "code".
 */
export const choiceForm: string = await (async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const form = doc.getForm();
  const size = form.createRadioGroup('size');
  ['S', 'M', 'L'].forEach((option, i) => size.addOptionToPage(option, page, { x: 72 + i * 40, y: 700, width: 16, height: 16 }));
  const country = form.createDropdown('country');
  country.addOptions(['France', 'Japan', 'Egypt']);
  country.addToPage(page, { x: 72, y: 640, width: 200, height: 24 });
  const languages = form.createOptionList('languages');
  languages.addOptions(['French', 'Arabic', 'Japanese', 'Korean']);
  languages.enableMultiselect();
  languages.addToPage(page, { x: 72, y: 520, width: 200, height: 80 });
  const code = form.createTextField('code');
  code.setMaxLength(6);
  code.enableCombing();
  code.addToPage(page, { x: 72, y: 460, width: 180, height: 28 });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-editor-fixture-')), 'choice-form.pdf');
  fs.writeFileSync(file, await doc.save());
  return file;
})();

/** What a form holds after a fill, read back with pdf-lib: each field's value (selected options for choices). */
export async function formValues(file: string): Promise<Record<string, string | string[] | undefined>> {
  const form = (await PDFDocument.load(fs.readFileSync(file))).getForm();
  const values: Record<string, string | string[] | undefined> = {};
  for (const field of form.getFields()) {
    if (field instanceof PDFTextField) values[field.getName()] = field.getText();
    else if (field instanceof PDFRadioGroup) values[field.getName()] = field.getSelected();
    else if (field instanceof PDFDropdown || field instanceof PDFOptionList) values[field.getName()] = field.getSelected();
  }
  return values;
}

/** A page with one line, "ABCABC", in a Type 3 font (each glyph a filled square), 24 pt, baseline at 700 of 792. */
export const type3Line: string = await (async () => {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const { context } = doc;
  const square = () => context.register(context.flateStream('1000 0 0 0 800 800 d1 0 0 800 800 re f'));
  const font = context.register(
    context.obj({
      Type: 'Font',
      Subtype: 'Type3',
      FontBBox: [0, 0, 800, 800],
      FontMatrix: [0.001, 0, 0, 0.001, 0, 0],
      CharProcs: { A: square(), B: square(), C: square() },
      Encoding: { Type: 'Encoding', Differences: [65, 'A', 'B', 'C'].map((v) => (typeof v === 'number' ? v : PDFName.of(v))) },
      FirstChar: 65,
      LastChar: 67,
      Widths: [1000, 1000, 1000],
      Resources: {},
    }),
  );
  const key = page.node.newFontDictionary('T3', font);
  page.pushOperators(...[beginText(), setFontAndSize(key, 24), moveText(72, 700), showText(PDFHexString.of('414243414243')), endText()]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-editor-fixture-')), 'type3-line.pdf');
  fs.writeFileSync(file, await doc.save());
  return file;
})();

/** cidFontLine, sealed with a PAdES signature by a throwaway certificate (as a signed contract arrives). */
export const signedLine: string = await (async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-editor-fixture-'));
  const password = 'fixture';
  const p12 = fs.readFileSync(makeSealCertificate(dir, password));
  const at = new Date();
  const placeholder = path.join(dir, 'placeholder.pdf');
  await addSealPlaceholder(cidFontLine, placeholder, at);
  const file = path.join(dir, 'signed-line.pdf');
  fs.writeFileSync(file, await fillSeal(fs.readFileSync(placeholder), sealSigner({ p12, password, subject: 'Sheaf test seal' }), at));
  return file;
})();

/** The fixture's serif lines: each at x 72, 12 pt, baselines 700 and 680 of 792. */
export const SERIF_LINES = ['The committee approved the budget for the coming year.', 'Members met in the main hall on Monday.'] as const;

/**
 * A page of two lines in an embedded subset of Liberation Serif (Times New Roman's metrics, as
 * LibreOffice writes a Times document on Linux), a CID TrueType font with a ToUnicode map.
 */
export const serifLines: string = await (async () => {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(fs.readFileSync('/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf'), { subset: true });
  const page = doc.addPage([612, 792]);
  SERIF_LINES.forEach((line, i) => page.drawText(line, { x: 72, y: 700 - i * 20, size: 12, font }));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-editor-fixture-')), 'serif-lines.pdf');
  fs.writeFileSync(file, await doc.save());
  return file;
})();

/** The words pdftotext -bbox finds on a page whose top lies between `top` and `bottom` (points from the top): where a line starts and ends. */
export function lineExtent(file: string, page: number, top: number, bottom: number): { xMin: number; xMax: number; words: string[] } {
  const r = spawnSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pdftotext: ${r.stderr}`);
  const words = [...r.stdout.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)]
    .map((m) => ({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), word: m[5] }))
    .filter((w) => w.yMin >= top && w.yMin < bottom);
  return { xMin: Math.min(...words.map((w) => w.xMin)), xMax: Math.max(...words.map((w) => w.xMax)), words: words.map((w) => w.word) };
}
