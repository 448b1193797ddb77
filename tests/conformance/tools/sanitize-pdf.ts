import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import type { SanitizeReport } from '#shared/api';
import { SANITIZE_KINDS, type SanitizeKind } from '#shared/tools/sanitize-pdf';
import type { ToolConformance, ToolRun } from '../harness';
import { differingPixelShare } from '../image-checks';
import { bookmarks, linksPerPage, pdfFixture, text, words } from '../pdf-checks';

const everything = pdfFixture('sheaf_everything-to-sanitize.pdf');
const taxForm = pdfFixture('pdfjs_160F-2019.pdf');
const layered = pdfFixture('pdf20_utf8-test.pdf');

/** The brief's bar: under 0.5% of a page's pixels may differ from the original's render. */
const MAX_DIFFERING = 0.005;

type Dict = Record<string, unknown>;
const OUTSIDE = ['/URI', '/Launch', '/GoToR', '/GoToE', '/SubmitForm', '/ImportData'];
const MARKUP = ['/Text', '/FreeText', '/Line', '/Square', '/Circle', '/Polygon', '/PolyLine', '/Highlight', '/Underline', '/Squiggly', '/StrikeOut', '/Stamp', '/Caret', '/Ink', '/Popup'];

/**
 * What `qpdf --json` still shows of each kind Sanitize PDF removes, as "kind: where" lines: every
 * dictionary of every object is looked at, direct ones inside others too.
 */
function leftovers(file: string): string[] {
  const json = JSON.parse(execFileSync('qpdf', ['--json', '--json-key=qpdf', file], { encoding: 'utf8', maxBuffer: 256 << 20 }));
  const objects: Record<string, { value?: unknown; stream?: { dict: Dict } }> = json.qpdf[1];
  const found: string[] = [];
  const visit = (v: unknown, where: string) => {
    if (Array.isArray(v)) return v.forEach((x) => visit(x, where));
    if (typeof v !== 'object' || v === null) return;
    const d = v as Dict;
    if (d['/S'] === '/JavaScript' || d['/JS'] !== undefined) found.push(`javascript: ${where}`);
    if (d['/AA'] !== undefined || d['/OpenAction'] !== undefined) found.push(`actions: ${where}`);
    if (d['/EmbeddedFiles'] !== undefined || d['/Type'] === '/EmbeddedFile' || d['/EF'] !== undefined || d['/AF'] !== undefined) found.push(`attachments: ${where}`);
    if (d['/Subtype'] === '/FileAttachment') found.push(`attachments: ${where}`);
    if (OUTSIDE.includes(d['/S'] as string)) found.push(`links: ${where} ${String(d['/S'])}`);
    // A layer configuration that turns layers off (the visible ones may stay).
    if ((Array.isArray(d['/OFF']) && d['/OFF'].length > 0) || d['/BaseState'] === '/OFF') found.push(`layers: ${where}`);
    if (d['/Metadata'] !== undefined || d['/Type'] === '/Metadata' || d['/PieceInfo'] !== undefined) found.push(`metadata: ${where}`);
    if (MARKUP.includes(d['/Subtype'] as string)) found.push(`comments: ${where} ${String(d['/Subtype'])}`);
    if (d['/FT'] !== undefined && d['/V'] !== undefined) found.push(`formdata: ${where}`);
    Object.values(d).forEach((x) => visit(x, where));
  };
  for (const [key, entry] of Object.entries(objects)) visit(entry.value ?? entry.stream?.dict, key);
  if ((objects.trailer.value as Dict)['/Info'] !== undefined) found.push('metadata: trailer /Info');
  return found;
}

/** The decompressed content of every stream of the file, as qpdf writes it for reading. */
const decompressed = (file: string) => execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, '-'], { maxBuffer: 256 << 20 }).toString('latin1');

const looksTheSame = async ({ inputs, outputs, workDir }: ToolRun, pages: number) => {
  for (let page = 1; page <= pages; page++) {
    expect(await differingPixelShare(inputs[0], outputs[0].path, page, workDir), `page ${page}`).toBeLessThan(MAX_DIFFERING);
  }
};

const counts = (c: Partial<Record<SanitizeKind, number>>) => Object.fromEntries(SANITIZE_KINDS.map((k) => [k, c[k] ?? 0]));
/** What the fixture holds: 5 scripts and triggers, 2 attachments, 5 outside links, 1 hidden layer, Info + XMP, a note and a highlight, 2 filled fields. */
const EVERYTHING = counts({ javascript: 5, attachments: 2, links: 5, layers: 1, metadata: 2, comments: 2, formdata: 2 });

const sanitizePdf: ToolConformance = {
  tool: 'sanitize-pdf',
  sample: [everything.file],
  pagesOf: ([pages]) => [pages],
  // Whatever the input, the output says what it found and removed, and removes no more than it found.
  invariant: ({ report }) => {
    expect(report?.tool).toBe('sanitize-pdf');
    const { found, removed } = report as SanitizeReport;
    for (const kind of SANITIZE_KINDS) expect(removed[kind]).toBeLessThanOrEqual(found[kind]);
  },
  cases: [
    {
      name: 'removes every kind from a file that holds each, and the pages look and read the same',
      inputs: [everything.file],
      pages: [2],
      names: ['sheaf_everything-to-sanitize-sanitized.pdf'],
      async check(run) {
        expect(run.report).toEqual({ tool: 'sanitize-pdf', found: EVERYTHING, removed: EVERYTHING });
        const output = run.outputs[0].path;
        expect(leftovers(everything.file).length).toBeGreaterThan(15);
        expect(leftovers(output)).toEqual([]);
        // The hidden layer's drawing left the content streams; the visible layer's stayed.
        const streams = decompressed(output);
        expect(streams).not.toMatch(/HIDDEN/);
        expect(streams).toContain('Figures layer');
        // Inside links stay: the link and the bookmark to the appendix.
        expect(linksPerPage(output)).toEqual([1, 0]);
        expect(bookmarks(output)).toEqual([
          { title: 'Appendix', page: 2 },
          { title: 'Our website', page: null },
        ]);
        await looksTheSame(run, 2);
        // The text is the page's, less the field value that was removed.
        const [before, after] = [await text(run.inputs[0]), await text(output)];
        expect(before).toContain('Jane Secret');
        expect(words(after)).toEqual(new Set([...words(before)].filter((w) => w !== 'jane' && w !== 'secret')));
      },
    },
    {
      name: 'keeps the kinds left unticked, and still reports them found',
      inputs: [everything.file],
      options: { layers: false, comments: false, formdata: 'false' },
      pages: [2],
      async check({ report, outputs }) {
        expect((report as SanitizeReport).found).toEqual(EVERYTHING);
        expect((report as SanitizeReport).removed).toEqual(counts({ javascript: 5, attachments: 2, links: 5, metadata: 2 }));
        const kinds = new Set(leftovers(outputs[0].path).map((line) => line.split(':')[0]));
        expect(kinds).toEqual(new Set(['layers', 'comments', 'formdata']));
        expect(await text(outputs[0].path)).toContain('Jane Secret');
      },
    },
    {
      name: 'takes the 60 scripts and the open action out of a real tax form and empties its 7 filled fields',
      inputs: [taxForm.file],
      pages: [taxForm.pages],
      async check(run) {
        expect((run.report as SanitizeReport).removed).toEqual(counts({ javascript: 61, metadata: 2, formdata: 7 }));
        expect(leftovers(run.outputs[0].path)).toEqual([]);
        await looksTheSame(run, 1);
      },
    },
    {
      name: 'removes the two hidden layers of a PDF 2.0 file, its text and look unchanged',
      inputs: [layered.file],
      pages: [layered.pages],
      async check(run) {
        expect((run.report as SanitizeReport).removed).toEqual(counts({ layers: 2, metadata: 1 }));
        expect(leftovers(run.outputs[0].path)).toEqual([]);
        expect(await text(run.outputs[0].path)).toBe(await text(run.inputs[0]));
        await looksTheSame(run, layered.pages);
      },
    },
  ],
};

export default sanitizePdf;
