import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import type { ToolConformance, ToolRun } from '../harness';
import { renderedPage } from '../image-checks';
import { bookmarks, pdfFixture, text, words } from '../pdf-checks';

const letter = pdfFixture('sheaf_to-redact.pdf');
const form = pdfFixture('pypdf_libreoffice-form.pdf');

/** What the fixture's letter and scan hide, as they are written there. */
const SECRETS = ['Jane Secret', 'jane.secret@example.com', '+33 6 12 34 56 78', 'FR76 3000 6000 0112 3456 7890 189', '4111 1111 1111 1111', '12/03/1984'];
const ALL_PATTERNS = { terms: 'Jane Secret', email: true, phone: true, iban: true, card: true, date: 'true' };
/** The drawn box over the letter's photo and vector mark (top right), as fractions of the page. */
const PHOTO_BOX = { page: 1, x: 0.78, y: 0.04, width: 0.2, height: 0.1 };

/** The words pdftotext reads and where (points, origin top left), page by page. */
function wordBoxes(file: string): Array<Array<{ word: string; x0: number; y0: number; x1: number; y1: number }>> {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  return html
    .split('<page ')
    .slice(1)
    .map((page) =>
      [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
        word: m[5].replace(/&amp;/g, '&'),
        x0: Number(m[1]),
        y0: Number(m[2]),
        x1: Number(m[3]),
        y1: Number(m[4]),
      })),
    );
}

/** Every string of every object, as qpdf --json writes them: annotations, fields, bookmarks, Info. */
const objectStrings = (file: string) => execFileSync('qpdf', ['--json', '--json-key=qpdf', file], { encoding: 'utf8', maxBuffer: 256 << 20 });
/** The decompressed content of every stream, as qpdf writes it for reading: page content, forms, XMP. */
const decompressed = (file: string) => execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, '-'], { maxBuffer: 256 << 20 }).toString('latin1');

/** Where a phrase could still be read: none of these may hold any part of it. */
function traces(file: string, phrases: readonly string[]): string[] {
  const places = { pdftotext: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }), streams: decompressed(file), objects: objectStrings(file) };
  return Object.entries(places).flatMap(([where, content]) => phrases.filter((p) => content.toLowerCase().includes(p.toLowerCase())).map((p) => `${where}: ${p}`));
}

/** Share of the pixels inside the boxes (points, origin top left; inset by a pixel for anti-aliasing) that are not black. */
async function notBlackInside(run: ToolRun, page: number, boxes: ReadonlyArray<{ x0: number; y0: number; x1: number; y1: number }>): Promise<number> {
  const dpi = 72;
  const px = await renderedPage(run.outputs[0].path, page, run.workDir, dpi);
  let [inside, wrong] = [0, 0];
  for (const b of boxes) {
    for (let y = Math.ceil(b.y0) + 1; y < Math.floor(b.y1) - 1; y++) {
      for (let x = Math.ceil(b.x0) + 1; x < Math.floor(b.x1) - 1; x++) {
        const i = (y * px.width + x) * 3;
        inside++;
        if (px.data[i] > 8 || px.data[i + 1] > 8 || px.data[i + 2] > 8) wrong++;
      }
    }
  }
  expect(inside).toBeGreaterThan(0);
  return wrong / inside;
}

const redactPdf: ToolConformance = {
  tool: 'redact-pdf',
  sample: [letter.file],
  options: { terms: 'the' },
  pagesOf: ([pages]) => [pages],
  invariant: ({ report }) => {
    expect(report?.tool).toBe('redact-pdf');
  },
  cases: [
    {
      name: 'removes a name and every ready pattern from a letter, its scan, field, notes, bookmark and metadata, and keeps the rest as text',
      inputs: [letter.file],
      options: { ...ALL_PATTERNS, boxes: JSON.stringify([PHOTO_BOX]) },
      pages: [2],
      names: ['sheaf_to-redact-redacted.pdf'],
      async check(run) {
        const output = run.outputs[0].path;
        // Each phrase, and the parts of it a search would find, was in the input everywhere the check looks.
        const parts = [...SECRETS, 'Secret', 'jane.secret', '4111', 'FR76', '34 56 78'];
        expect(traces(run.inputs[0], parts).length).toBeGreaterThan(parts.length * 2);
        expect(traces(output, parts)).toEqual([]);
        expect(bookmarks(output)).toEqual([{ title: 'Letter about ', page: 1 }]);
        expect(run.report).toMatchObject({ tool: 'redact-pdf', areas: 10, pages: 2, left: [] });

        // Every other word still reads as text.
        const [before, after] = [words(await text(run.inputs[0])), words(await text(output))];
        const outside = [...before].filter((w) => !/secret|jane|example/.test(w));
        expect(outside.filter((w) => after.has(w)).length / outside.length).toBeGreaterThanOrEqual(0.99);
        expect(after.has('colleagues') && after.has('holder') && after.has('branch')).toBe(true);

        // Where each phrase was drawn, and under the drawn box, the page is black: on the letter and on the scan's picture.
        const tokens = new Set(SECRETS.flatMap((s) => s.split(' ')));
        const boxes = wordBoxes(run.inputs[0]).map((page) => page.filter((w) => tokens.has(w.word)));
        expect(boxes.map((b) => b.length)).toEqual([21, 3]);
        const photo = { x0: 0.78 * 595, y0: 0.04 * 842, x1: 0.98 * 595, y1: 0.14 * 842 };
        expect(await notBlackInside(run, 1, [...boxes[0], photo])).toBe(0);
        expect(await notBlackInside(run, 2, boxes[1])).toBe(0);
      },
    },
    {
      name: 'removes a prefilled form value: the field leaves the form, the other fields stay',
      inputs: [form.file],
      options: { terms: 'Alice' },
      pages: [form.pages],
      async check(run) {
        const output = run.outputs[0].path;
        expect(traces(run.inputs[0], ['Alice']).length).toBeGreaterThan(0);
        expect(traces(output, ['Alice'])).toEqual([]);
        const fields = (file: string) =>
          (JSON.parse(execFileSync('qpdf', ['--json', '--json-key=acroform', file], { encoding: 'utf8' })) as { acroform: { fields: Array<{ fullname: string; value: unknown }> } }).acroform.fields.map(
            (f) => `${f.fullname}=${String(f.value)}`,
          );
        expect(fields(run.inputs[0])).toContain('First Name=u:Alice');
        expect(fields(output)).toEqual(fields(run.inputs[0]).filter((f) => f !== 'First Name=u:Alice'));
        expect(await text(output)).toContain('Bob');
      },
    },
  ],
};

export default redactPdf;
