import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runEngine } from '../engines/run';

const QPDF = 'qpdf';
const TIMEOUT_MS = 120_000;
/** qpdf exits 3 when it read the file with warnings. */
const SUCCESS = [0, 3];

type Dict = Record<string, unknown>;
type Objects = Record<string, { value?: unknown; stream?: { dict: Dict } }>;

/** What can be checked of a PDF/A claim without a validator: the requirements every part shares. */
export interface PdfaFacts {
  /** The PDF/A identification in the XMP metadata (part 1, 2 or 3 and its level), when there is one. */
  identification?: { part: number; conformance: string };
  /** An sRGB (or other) output intent of PDF/A's kind (GTS_PDFA1) with its ICC profile. */
  outputIntent: boolean;
  /** Fonts drawn from a program that is not in the file (Type 3 fonts are drawn by the file itself). */
  unembeddedFonts: string[];
  encrypted: boolean;
  javascript: boolean;
  /** Soft masks, constant opacity below 1, blend modes or transparency groups: what PDF/A-1 forbids. */
  transparency: boolean;
}

const dictOf = (entry: Objects[string] | undefined): Dict | undefined =>
  entry?.stream?.dict ?? (entry?.value && typeof entry.value === 'object' && !Array.isArray(entry.value) ? (entry.value as Dict) : undefined);

/** Every object of the file (without stream data), as qpdf's JSON v2 writes them. */
async function allObjects(file: string, signal?: AbortSignal): Promise<Objects> {
  const { stdout } = await runEngine(QPDF, ['--json', '--json-key=qpdf', path.resolve(file)], {
    timeoutMs: TIMEOUT_MS,
    signal,
    okCodes: SUCCESS,
    errorCode: 'PDF_DAMAGED',
    maxStdoutBytes: 512 * 1024 * 1024,
  });
  return (JSON.parse(stdout) as { qpdf: [unknown, Objects] }).qpdf[1];
}

/** Reads the PDF/A identification, output intent, fonts, encryption and JavaScript of a file. */
export async function readPdfaFacts(file: string, signal?: AbortSignal): Promise<PdfaFacts> {
  const objects = await allObjects(file, signal);
  const resolve = (v: unknown): Dict | undefined => (typeof v === 'string' && / R$/.test(v) ? dictOf(objects[`obj:${v}`]) : v && typeof v === 'object' && !Array.isArray(v) ? (v as Dict) : undefined);
  const trailer = dictOf(objects.trailer) ?? {};
  const catalog = resolve(trailer['/Root']) ?? {};

  const intents = catalog['/OutputIntents'];
  const intentList = typeof intents === 'string' ? objects[`obj:${intents}`]?.value : intents;
  const outputIntent = Array.isArray(intentList) && intentList.some((i) => {
    const intent = resolve(i);
    return intent?.['/S'] === '/GTS_PDFA1' && intent['/DestOutputProfile'] !== undefined;
  });

  const dicts = Object.values(objects).flatMap((entry) => nestedDicts(dictOf(entry)));
  const unembeddedFonts = dicts
    .filter((d) => d['/Type'] === '/Font' && !['/Type3', '/Type0'].includes(d['/Subtype'] as string))
    .filter((font) => {
      const descriptor = resolve(font['/FontDescriptor']);
      return !descriptor || !['/FontFile', '/FontFile2', '/FontFile3'].some((k) => k in descriptor);
    })
    .map((font) => String(font['/BaseFont'] ?? '?').replace(/^\//, ''));
  const names = resolve(catalog['/Names']);
  const javascript = (names !== undefined && '/JavaScript' in names) || dicts.some((d) => d['/S'] === '/JavaScript' || '/JS' in d);

  const transparency = dicts.some(
    (d) =>
      (d['/SMask'] !== undefined && d['/SMask'] !== '/None') ||
      (typeof d['/CA'] === 'number' && d['/CA'] < 1) ||
      (typeof d['/ca'] === 'number' && d['/ca'] < 1) ||
      (d['/BM'] !== undefined && d['/BM'] !== '/Normal' && d['/BM'] !== '/Compatible') ||
      (resolve(d['/Group'])?.['/S'] === '/Transparency'),
  );
  const metadata = typeof catalog['/Metadata'] === 'string' ? await streamText(file, catalog['/Metadata'], signal) : '';
  return { identification: pdfaIdentification(metadata), outputIntent, unembeddedFonts, encrypted: '/Encrypt' in trailer, javascript, transparency };
}

/** A dictionary and every dictionary inside it (an ExtGState or an action is often written in place, not as an object of its own). */
function nestedDicts(value: unknown): Dict[] {
  if (Array.isArray(value)) return value.flatMap(nestedDicts);
  if (!value || typeof value !== 'object') return [];
  return [value as Dict, ...Object.values(value).flatMap(nestedDicts)];
}

/** A stream's decoded data ("12 0 R"), as text. */
async function streamText(file: string, ref: string, signal?: AbortSignal): Promise<string> {
  const id = ref.replace(/^(\d+) (\d+) R$/, '$1,$2');
  const { stdout } = await runEngine(QPDF, [`--show-object=${id}`, '--filtered-stream-data', path.resolve(file)], { timeoutMs: TIMEOUT_MS, signal, okCodes: SUCCESS });
  return stdout;
}

/** `pdfaid:part` and `pdfaid:conformance` of an XMP packet, written as attributes or as elements. */
export function pdfaIdentification(xmp: string): PdfaFacts['identification'] {
  const read = (name: string) => new RegExp(`pdfaid:${name}\\s*=\\s*["']([^"']*)["']|<pdfaid:${name}>([^<]*)<`).exec(xmp);
  const part = read('part');
  const conformance = read('conformance');
  if (!part) return undefined;
  return { part: Number(part[1] ?? part[2]), conformance: (conformance?.[1] ?? conformance?.[2] ?? '').toUpperCase() };
}

/** A PDF date whose zone Ghostscript 10.0 wrote as "Z00'00'": "Z" alone is what the PDF date format allows. */
const BROKEN_UTC = /^(u:D:\d{14})Z\d\d'\d\d'?$/;

/**
 * The last step of a PDF/A rewrite: the Info dates Ghostscript 10.0 writes with a broken zone are
 * repaired (Preflight reads them as disagreeing with the XMP dates), and the file is written as
 * PDF/A wants it: an end of line before every `endstream`, and for part 1 (PDF 1.4) no object streams.
 */
export async function finishPdfa(input: string, output: string, opts: { part: 1 | 2 | 3; workDir: string; signal?: AbortSignal }): Promise<void> {
  const { stdout } = await runEngine(QPDF, ['--json', '--json-key=qpdf', '--json-object=trailer', path.resolve(input)], { timeoutMs: TIMEOUT_MS, signal: opts.signal, okCodes: SUCCESS });
  const trailer = dictOf((JSON.parse(stdout) as { qpdf: [unknown, Objects] }).qpdf[1].trailer) ?? {};
  const infoRef = typeof trailer['/Info'] === 'string' ? trailer['/Info'] : undefined;
  const args = ['--newline-before-endstream', ...(opts.part === 1 ? ['--object-streams=disable'] : [])];
  let update: string | undefined;
  if (infoRef) {
    const { stdout: infoJson } = await runEngine(QPDF, ['--json', '--json-key=qpdf', `--json-object=${infoRef.replace(/^(\d+) (\d+) R$/, '$1,$2')}`, path.resolve(input)], {
      timeoutMs: TIMEOUT_MS,
      signal: opts.signal,
      okCodes: SUCCESS,
    });
    const info = dictOf((JSON.parse(infoJson) as { qpdf: [unknown, Objects] }).qpdf[1][`obj:${infoRef}`]) ?? {};
    const fixed = Object.fromEntries(Object.entries(info).map(([k, v]) => [k, typeof v === 'string' ? v.replace(BROKEN_UTC, '$1Z') : v]));
    update = path.join(opts.workDir, `.pdfa-info-${randomBytes(6).toString('hex')}.json`);
    await writeFile(update, JSON.stringify({ qpdf: [{ jsonversion: 2 }, { [`obj:${infoRef}`]: { value: fixed } }] }));
    args.push(`--update-from-json=${update}`);
  }
  try {
    await runEngine(QPDF, [path.resolve(input), ...args, path.resolve(output)], { timeoutMs: TIMEOUT_MS, signal: opts.signal, okCodes: SUCCESS });
  } finally {
    if (update) await rm(update, { force: true });
  }
}
