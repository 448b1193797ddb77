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

const qpdf = (args: string[]) => spawnSync('qpdf', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** Page count as qpdf reports it (exit 3 only means qpdf had to repair something on the way). */
export function pageCount(file: string): number {
  const r = qpdf(['--show-npages', file]);
  if (r.status !== 0 && r.status !== 3) throw new Error(`qpdf --show-npages ${file}: ${r.stderr}`);
  return Number(r.stdout.trim());
}

/**
 * What `qpdf --check` finds wrong with a file's structure. Undecodable streams and broken content
 * operators are left out: a damaged input carries them, and no tool can restore the lost bytes.
 * A clean file gives [].
 */
export function structureProblems(file: string): string[] {
  const r = qpdf(['--check', file]);
  if (r.status === 0) return [];
  const inherited =
    /error decoding stream data|stream will be re-processed|errors while decoding content stream|^WARNING: page object \d+ \d+ stream \d+ \d+ \(content/;
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
