import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFName, PDFNull, PDFString, StandardFonts } from 'pdf-lib';
import { pdfFixture } from './pdf-checks';

/**
 * Fixtures the suite makes from real ones, for a property no stored file has. They live in one
 * temp dir per test file; `removeMadeFixtures` deletes it.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-made-fixtures-'));

export const removeMadeFixtures = () => fs.rmSync(dir, { recursive: true, force: true });
// Also when the test file fails to load and its afterAll never runs.
process.once('exit', removeMadeFixtures);

const qpdfJson = (file: string, keys: string[]) =>
  JSON.parse(execFileSync('qpdf', ['--json', ...keys.map((k) => `--json-key=${k}`), file], { encoding: 'utf8', maxBuffer: 64 << 20 }));

/**
 * pdfjs_tracemonkey.pdf (14 pages in three page-tree nodes of 6, 6 and 2) with rotations set the
 * three ways a PDF can: inherited from the root of the page tree (90), inherited from the middle
 * node (180, pages 7–12), and on page 14 itself, as an indirect object (270).
 * Effective rotations: 90 ×6, 180 ×6, 90, 270.
 */
export const INHERITED_ROTATION = [...Array(6).fill(90), ...Array(6).fill(180), 90, 270] as number[];

export const inheritedRotation: string = (() => {
  const source = pdfFixture('pdfjs_tracemonkey.pdf').file;
  const json = qpdfJson(source, ['qpdf', 'pages']);
  const objects: Record<string, { value: Record<string, unknown> }> = json.qpdf[1];
  const value = (ref: string) => objects[`obj:${ref}`].value;
  const root = value(value(objects.trailer.value['/Root'] as string)['/Pages'] as string);
  const lastPage: string = json.pages.at(-1).object;
  const middle = (root['/Kids'] as string[])[1];
  const spare = `${Number(objects.trailer.value['/Size'])} 0 R`;
  const update = {
    qpdf: [
      { jsonversion: 2 },
      {
        [`obj:${value(objects.trailer.value['/Root'] as string)['/Pages']}`]: { value: { ...root, '/Rotate': 90 } },
        [`obj:${middle}`]: { value: { ...value(middle), '/Rotate': 180 } },
        [`obj:${lastPage}`]: { value: { ...value(lastPage), '/Rotate': spare } },
        [`obj:${spare}`]: { value: 270 },
      },
    ],
  };
  const updateFile = path.join(dir, 'rotations.json');
  fs.writeFileSync(updateFile, JSON.stringify(update));
  const target = path.join(dir, 'tracemonkey-inherited-rotation.pdf');
  execFileSync('qpdf', [source, `--update-from-json=${updateFile}`, target]);
  return target;
})();

/**
 * qpdf_enc-R3-V2_U-view_O-master.pdf (RC4-128, user password "view", 30 pages) cut just before
 * `startxref`: encrypted and damaged at once, so a reader must rebuild the cross-reference table
 * before it can even check the password.
 */
export const damagedEncrypted: string = (() => {
  const bytes = fs.readFileSync(pdfFixture('qpdf_enc-R3-V2_U-view_O-master.pdf').file);
  const target = path.join(dir, 'enc-R3-view-no-startxref.pdf');
  fs.writeFileSync(target, bytes.subarray(0, bytes.lastIndexOf('startxref')));
  return target;
})();

/**
 * Two pages whose annotations name their page (/P) in a document without an /AcroForm — valid,
 * and the shape that made qpdf 11.3's form JSON fail — with other shapes readers must take: a
 * widget with no form to belong to, a link to page 2, a popup tied to its note, an /Annots array
 * held as an object of its own, and a null among the annotations.
 */
export async function annotationsWithoutForm(): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const [first, second] = [doc.addPage([595, 842]), doc.addPage([595, 842])];
  first.drawText('Annotations that point back to their page, and no form', { x: 50, y: 780, size: 14, font });
  second.drawText('The page the link leads to', { x: 50, y: 780, size: 14, font });
  const ctx = doc.context;
  const widget = ctx.obj({ Type: 'Annot', Subtype: 'Widget', Rect: [50, 700, 250, 720], P: first.ref, FT: 'Tx', T: PDFString.of('name'), F: 4 });
  const link = ctx.obj({ Type: 'Annot', Subtype: 'Link', Rect: [50, 650, 250, 670], P: first.ref, Border: [0, 0, 0], Dest: [second.ref, 'Fit'] });
  const note = ctx.register(ctx.obj({ Type: 'Annot', Subtype: 'Text', Rect: [300, 700, 320, 720], P: first.ref, Contents: PDFString.of('A note') }));
  const popup = ctx.obj({ Type: 'Annot', Subtype: 'Popup', Rect: [320, 600, 500, 700], P: first.ref, Parent: note });
  const annots = ctx.register(ctx.obj([ctx.register(widget), ctx.register(link), note, ctx.register(popup), PDFNull]));
  first.node.set(PDFName.of('Annots'), annots);
  const target = path.join(dir, 'annotations-without-form.pdf');
  fs.writeFileSync(target, await doc.save({ useObjectStreams: false }));
  return target;
}

/**
 * pdfjs_tracemonkey.pdf written by qpdf (catalog and page tree first, objects in page order), then
 * cut at 30% of its length, as a download that stopped: no cross-reference table, no trailer, and
 * the last objects gone.
 */
export const truncatedTracemonkey: string = (() => {
  const whole = path.join(dir, 'tracemonkey-qpdf.pdf');
  execFileSync('qpdf', ['--object-streams=disable', pdfFixture('pdfjs_tracemonkey.pdf').file, whole]);
  const bytes = fs.readFileSync(whole);
  const target = path.join(dir, 'tracemonkey-truncated.pdf');
  fs.writeFileSync(target, bytes.subarray(0, Math.floor(bytes.length * 0.3)));
  return target;
})();
