import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { extractText, renderPage } from '../../worker/src/engines/poppler';
import { fixture } from '../support/fixtures';

/** One PDF fixture as MANIFEST.tsv describes it: the page count and notes come from its source. */
export interface PdfFixture {
  file: string;
  name: string;
  pages: number;
  notes: string;
}

/** The PDF fixtures listed in MANIFEST.tsv, so expectations come from the manifest, not from our engines. */
export const PDF_FIXTURES: readonly PdfFixture[] = fs
  .readFileSync(fixture('MANIFEST.tsv'), 'utf8')
  .split('\n')
  .slice(1)
  .map((line) => line.split('\t'))
  .filter((cols) => cols[0]?.startsWith('pdf/'))
  .map((cols) => ({ file: fixture(cols[0]), name: path.basename(cols[0]), notes: cols[7], pages: Number(cols[8]) }));

export function pdfFixture(name: string): PdfFixture {
  const found = PDF_FIXTURES.find((f) => f.name === name);
  if (!found) throw new Error(`${name} is not in MANIFEST.tsv`);
  return found;
}

/** Damaged files that readers repair (the manifest marks them BROKEN). */
export const DAMAGED = PDF_FIXTURES.filter((f) => f.notes.startsWith('BROKEN'));
/** Encrypted files that need a user password. */
export const PASSWORD_PROTECTED = PDF_FIXTURES.filter((f) => f.notes.startsWith('ENCRYPTED') && !/EMPTY user/.test(f.notes));
/** Encrypted files with an empty user password: they open, only permissions are restricted. */
export const OWNER_ONLY = PDF_FIXTURES.filter((f) => f.notes.startsWith('ENCRYPTED') && /EMPTY user/.test(f.notes));
/**
 * Truncated inside its last object: the trailer has no /Root and the page tree is gone, so no
 * reader finds a page (pdfinfo guesses 4 from the linearization dictionary, then fails to render).
 */
export const UNREPAIRABLE = [pdfFixture('pypdf_unreadablemetadata_linearized.pdf')];

const qpdf = (args: string[]) => spawnSync('qpdf', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
/** qpdf's argument to open an encrypted file; tests may put passwords on the command line. */
const passwordArg = (password?: string) => (password === undefined ? [] : [`--password=${password}`]);

/** Page count as qpdf reports it (exit 3 only means qpdf had to repair something on the way). */
export function pageCount(file: string, password?: string): number {
  const r = qpdf([...passwordArg(password), '--show-npages', file]);
  if (r.status !== 0 && r.status !== 3) throw new Error(`qpdf --show-npages ${file}: ${r.stderr}`);
  return Number(r.stdout.trim());
}

/**
 * What `qpdf --check` finds wrong with a file's structure. Undecodable streams and broken content
 * operators are left out (also when a tool added streams of its own to the page's content): a
 * damaged input carries them, and no tool can restore the lost bytes.
 * A clean file gives [].
 */
export function structureProblems(file: string, password?: string): string[] {
  const r = qpdf([...passwordArg(password), '--check', file]);
  if (r.status === 0) return [];
  const inherited =
    /error decoding stream data|stream will be re-processed|errors while decoding content stream|^WARNING: page object \d+ \d+ stream \d+ \d+(, stream \d+ \d+)* \(content/;
  return `${r.stdout}\n${r.stderr}`
    .split('\n')
    .filter((line) => /^(WARNING|ERROR)|damaged|invalid|not found/i.test(line) && !inherited.test(line));
}

/** True when the file opens without a password. */
export function opensWithoutPassword(file: string): boolean {
  return qpdf(['--requires-password', file]).status !== 0;
}

/** The number of interactive form fields. */
export function formFieldCount(file: string): number {
  const r = qpdf(['--json', '--json-key=acroform', file]);
  return (JSON.parse(r.stdout) as { acroform: { fields: unknown[] } }).acroform.fields.length;
}

export const text = (file: string, firstPage?: number, lastPage?: number) => extractText(file, { firstPage, lastPage });

/** The text of each page, in page order (pdftotext ends every page with a form feed). */
export async function pageTexts(file: string): Promise<string[]> {
  return (await text(file)).split('\f').slice(0, -1);
}

/**
 * The characters pdftotext reads from a file, in the order its pages draw them (-raw), whitespace
 * left out: word breaks and column order are pdftotext's guesses from glyph gaps, which a rewrite
 * may shift by a hair; every character must stay. Undefined when pdftotext cannot read the file.
 */
export function drawnText(file: string): string | undefined {
  const r = spawnSync('pdftotext', ['-q', '-raw', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return r.status === 0 ? r.stdout.replace(/\s+/gu, '') : undefined;
}

/** Distinct words of four letters or more, for comparing texts that engines may lay out differently. */
export function words(s: string): Set<string> {
  return new Set(s.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
}

/**
 * Mean absolute difference (0–255) between page renders of two PDFs, in grey at a low resolution:
 * small when the pages look alike, large when an image went missing or turned to mush.
 */
export async function renderDifference(a: string, b: string, page: number, workDir: string, dpi = 30): Promise<number> {
  const [pa, pb] = await Promise.all([
    renderPage(a, path.join(workDir, 'render-a'), { page, dpi, format: 'gray' }).then(readPgm),
    renderPage(b, path.join(workDir, 'render-b'), { page, dpi, format: 'gray' }).then(readPgm),
  ]);
  if (pa.width !== pb.width || pa.height !== pb.height) return 255;
  let sum = 0;
  for (let i = 0; i < pa.pixels.length; i++) sum += Math.abs(pa.pixels[i] - pb.pixels[i]);
  return sum / pa.pixels.length;
}

/** Reads a binary 8-bit PGM (P5), as pdftoppm -gray writes it. */
function readPgm(file: string): { width: number; height: number; pixels: Uint8Array } {
  const buf = fs.readFileSync(file);
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(buf.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error(`${file} is not an 8-bit PGM`);
  const [width, height] = [Number(header[1]), Number(header[2])];
  return { width, height, pixels: buf.subarray(header[0].length, header[0].length + width * height) };
}

/** The number of link annotations among the file's objects. */
export function linkCount(file: string): number {
  const r = qpdf(['--json', '--json-key=qpdf', file]);
  const objects = (JSON.parse(r.stdout) as { qpdf: [unknown, Record<string, { value?: Record<string, unknown> }>] }).qpdf[1];
  return Object.values(objects).filter((o) => o.value?.['/Subtype'] === '/Link').length;
}

/** What the checks read of `qpdf --json` (JSON v2). */
interface QpdfJson {
  pages: Array<{ object: string }>;
  outlines: QpdfOutline[];
  acroform: { fields: Array<{ fullname: string; value: unknown; pageposfrom1: number }> };
  encrypt: {
    encrypted: boolean;
    userpasswordmatched: boolean;
    capabilities: Record<string, boolean>;
    parameters: { V: number; R: number; bits: number; method: string };
  };
  qpdf: [unknown, Record<string, { value?: unknown }>];
}
interface QpdfOutline {
  title: string;
  dest: unknown;
  kids: QpdfOutline[];
}

function qpdfJson(file: string, keys: Array<keyof QpdfJson>, password?: string): QpdfJson {
  const r = qpdf([...passwordArg(password), '--json', ...keys.map((k) => `--json-key=${k}`), file]);
  if (r.status !== 0 && r.status !== 3) throw new Error(`qpdf --json ${file}: ${r.stderr}`);
  return JSON.parse(r.stdout) as QpdfJson;
}

type PdfDict = Record<string, unknown>;

/** Follows indirect references ("12 0 R") through the file's objects. */
function resolver(json: QpdfJson) {
  const objects = json.qpdf[1];
  return (v: unknown): unknown => (typeof v === 'string' && / R$/.test(v) ? objects[`obj:${v}`]?.value : v);
}

/** Each page's clockwise rotation (0, 90, 180 or 270): its own /Rotate or the one it inherits from the page tree. */
export function pageRotations(file: string): number[] {
  const json = qpdfJson(file, ['pages', 'qpdf']);
  const deref = resolver(json);
  return json.pages.map((p) => {
    for (let node = deref(p.object) as PdfDict | undefined; node; node = deref(node['/Parent']) as PdfDict | undefined) {
      const rotate = deref(node['/Rotate']);
      if (typeof rotate === 'number') return ((rotate % 360) + 360) % 360;
    }
    return 0;
  });
}

/** The number of link annotations on each page, in page order. */
export function linksPerPage(file: string): number[] {
  const json = qpdfJson(file, ['pages', 'qpdf']);
  const deref = resolver(json);
  return json.pages.map((p) => {
    const annots = (deref((deref(p.object) as PdfDict)['/Annots']) ?? []) as unknown[];
    return annots.filter((a) => (deref(a) as PdfDict | undefined)?.['/Subtype'] === '/Link').length;
  });
}

/**
 * Every bookmark in outline order, with the 1-based page it leads to: null when that page is no
 * longer in the document. Named destinations are already resolved by qpdf.
 */
export function bookmarks(file: string): Array<{ title: string; page: number | null }> {
  const json = qpdfJson(file, ['pages', 'outlines', 'qpdf']);
  const deref = resolver(json);
  const position = new Map(json.pages.map((p, i) => [p.object, i + 1]));
  const target = (dest: unknown): number | null => {
    let d = deref(dest);
    if (d && !Array.isArray(d) && typeof d === 'object') d = deref((d as PdfDict)['/D']);
    return Array.isArray(d) && typeof d[0] === 'string' ? (position.get(d[0]) ?? null) : null;
  };
  const out: Array<{ title: string; page: number | null }> = [];
  const walk = (items: QpdfOutline[]) =>
    items.forEach((item) => {
      out.push({ title: item.title, page: target(item.dest) });
      walk(item.kids);
    });
  walk(json.outlines);
  return out;
}

/** The form fields of each page, as sorted "full name = value" lines (a signature's value, an object, as "signed"). */
export function formFieldsPerPage(file: string, password?: string): string[][] {
  const json = qpdfJson(file, ['pages', 'acroform'], password);
  const pages: string[][] = json.pages.map(() => []);
  for (const f of json.acroform.fields) {
    const value = typeof f.value === 'string' && / R$/.test(f.value) ? 'signed' : JSON.stringify(f.value);
    pages[f.pageposfrom1 - 1]?.push(`${f.fullname} = ${value}`);
  }
  return pages.map((fields) => fields.sort());
}

/** How the file is encrypted, read with `password` (qpdf's --show-encryption, as JSON). */
export function encryptionOf(file: string, password?: string) {
  const { encrypt } = qpdfJson(file, ['encrypt'], password);
  return {
    encrypted: encrypt.encrypted,
    userPasswordMatched: encrypt.userpasswordmatched,
    V: encrypt.parameters.V,
    R: encrypt.parameters.R,
    bits: encrypt.parameters.bits,
    method: encrypt.parameters.method,
    /** What the file forbids (print, extract, modify…); [] for none. */
    restrictions: Object.keys(encrypt.capabilities).filter((k) => !encrypt.capabilities[k]),
  };
}

/** `qpdf --is-encrypted`: exit 0 encrypted, 2 not. */
export function isEncrypted(file: string): boolean {
  const status = qpdf(['--is-encrypted', file]).status;
  if (status !== 0 && status !== 2) throw new Error(`qpdf --is-encrypted ${file} exited ${status}`);
  return status === 0;
}

/** A decrypted copy made by qpdf itself, the reference for what an unlocked file should hold. */
export function qpdfDecrypted(file: string, password: string, target: string): string {
  const r = qpdf([`--password=${password}`, '--decrypt', file, target]);
  if (r.status !== 0 && r.status !== 3) throw new Error(`qpdf --decrypt ${file}: ${r.stderr}`);
  return target;
}

/** True when poppler (pdfinfo, the engine of our thumbnails and of many Linux viewers) opens the file with this password. */
export function popplerOpens(file: string, password?: string): boolean {
  return spawnSync('pdfinfo', [...(password === undefined ? [] : ['-upw', password]), file]).status === 0;
}

/**
 * Opens the file in pdf.js, the viewer of Firefox, and counts its pages. Rejects with pdf.js's
 * PasswordException (code 1: a password is needed, 2: the password is wrong).
 */
export async function pdfjsPageCount(file: string, password?: string): Promise<number> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(fs.readFileSync(file)), password, verbosity: 0 });
  try {
    return (await task.promise).numPages;
  } finally {
    await task.destroy();
  }
}

/** What a reader could still interact with: pages holding /Annots, and whether the catalog has an /AcroForm. */
export function interactiveParts(file: string): { pagesWithAnnots: number; acroForm: boolean } {
  const json = JSON.parse(qpdf(['--json', '--json-key=qpdf', '--json-key=pages', file]).stdout) as {
    qpdf: [unknown, Record<string, { value?: Record<string, unknown> }>];
    pages: Array<{ object: string }>;
  };
  const objects = json.qpdf[1];
  const value = (ref: string) => objects[`obj:${ref}`]?.value ?? {};
  const root = value(objects.trailer.value!['/Root'] as string);
  return { pagesWithAnnots: json.pages.filter((p) => '/Annots' in value(p.object)).length, acroForm: '/AcroForm' in root };
}

/** The Info dictionary as pdfinfo prints it (`Title:`, `Author:`… with ISO dates), field name to value. */
export function pdfinfoFields(file: string): Record<string, string> {
  const out = spawnSync('pdfinfo', ['-isodates', file], { encoding: 'utf8' }).stdout;
  return Object.fromEntries(
    out.split('\n').flatMap((line) => {
      const m = /^([^:]+):\s+(.*)$/.exec(line);
      return m ? [[m[1], m[2].trim()]] : [];
    }),
  );
}

/** The XMP packet of the catalog, as pdfinfo -meta prints it; '' when there is none. */
export function xmpPacketOf(file: string): string {
  return spawnSync('pdfinfo', ['-meta', file], { encoding: 'utf8' }).stdout;
}
