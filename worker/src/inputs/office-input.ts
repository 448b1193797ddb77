import { copyFile, mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '#shared/errors';
import { sniffKind, type FileKind } from '#shared/file-kinds';
import { SOFFICE_CONVERSION_SECONDS } from '#shared/tools/libreoffice';
import { checkZip, type ZipLimits, type ZipListing } from '../engines/archive-guard';
import { convertToPdf, type SofficeRequest, type SofficeResult } from '../engines/soffice-pool';
import * as qpdf from '../engines/qpdf';
import { fileStem, singleInput } from './pdf-input';
import type { OutputFile, ProcessorContext } from '../contract/processor';
import { readHead } from '#shared/server/read-head';

/** Kinds that are ZIP containers: each is checked against decompression bombs before LibreOffice opens it. */
const ZIP_BASED = new Set<FileKind>(['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'pages', 'numbers', 'key']);

/**
 * Office documents are XML that compresses 5–30×; a spreadsheet of repeated rows may reach 100×.
 * Anything beyond is no document anyone typed.
 */
const OFFICE_ZIP_LIMITS: Partial<ZipLimits> = {
  maxEntries: 10_000,
  maxUncompressedBytes: 1024 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 4 * 1024 * 1024,
};


export interface OfficeSource {
  /** A private copy named by its kind, so LibreOffice's type detection sees the right extension. */
  path: string;
  kind: FileKind;
  /** The central directory, for ZIP-based kinds. */
  zip?: ZipListing;
  /** The user's name for it. */
  name: string;
}

/**
 * The one input of an office tool, checked again by its bytes (an upload's kind is trusted only
 * as far as its magic bytes go): a kind the tool does not take is UNSUPPORTED_TYPE, a ZIP that
 * would unpack to a bomb is ARCHIVE_TOO_LARGE, a ZIP that is no ZIP is OFFICE_DAMAGED.
 */
export async function prepareOfficeInput(ctx: ProcessorContext<unknown>, accepts: readonly FileKind[], dir: string): Promise<OfficeSource> {
  const input = singleInput(ctx.inputs);
  const head = await readHead(input.path);
  const kind = sniffKind(head, input.name);
  if (!kind || !accepts.includes(kind)) throw new AppError('UNSUPPORTED_TYPE', `${input.name}: sniffed ${kind ?? 'nothing'}, tool takes ${accepts.join(', ')}`);
  // An encrypted docx/xlsx/pptx is an OLE file, not a ZIP: LibreOffice reports it as protected.
  const zip = ZIP_BASED.has(kind) && isZip(head) ? await checkZip(input.path, { limits: OFFICE_ZIP_LIMITS, damagedCode: 'OFFICE_DAMAGED' }) : undefined;
  const copy = path.join(dir, `source.${kind}`);
  await copyFile(input.path, copy);
  return { path: copy, kind, zip, name: input.name };
}

const TEXT_KINDS = new Set<FileKind>(['txt', 'csv']);

const isZip = (head: Uint8Array) => head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

/** A fresh directory in the task's work dir for one conversion. */
export const officeWorkDir = (ctx: ProcessorContext<unknown>) => mkdtemp(path.join(ctx.workDir, 'office-'));

/**
 * Converts with LibreOffice and checks the result is a PDF with pages; the output is named after
 * the user's file.
 */
export async function convertOffice(
  ctx: ProcessorContext<unknown>,
  source: OfficeSource,
  request: Omit<SofficeRequest, 'output'> = { input: source.path },
): Promise<{ output: OutputFile; pages: number; result: SofficeResult }> {
  const output = path.join(path.dirname(source.path), 'converted.pdf');
  const result = await convertToPdf({ ...request, output }, { timeoutMs: SOFFICE_CONVERSION_SECONDS * 1000, signal: ctx.signal });
  // LibreOffice reads what it does not recognise as plain text: for a document, that is garbage in, garbage out.
  if (!request.filter && !TEXT_KINDS.has(source.kind) && result.filter && /^Text\b/.test(result.filter)) {
    throw new AppError('OFFICE_DAMAGED', `${source.name}: LibreOffice could only read it as plain text`);
  }
  const pages = await qpdf.pageCount(output, ctx.signal).catch(() => 0);
  if (!(pages > 0)) throw new AppError('OFFICE_DAMAGED', `${source.name}: LibreOffice wrote no pages`);
  return { output: { path: output, name: `${fileStem(source.name)}.pdf` }, pages, result };
}

/** The body of word-, excel- and ppt-to-pdf: check, convert, done. */
export async function convertOfficeTool(ctx: ProcessorContext<unknown>, accepts: readonly FileKind[]) {
  await ctx.progress(0.05);
  const source = await prepareOfficeInput(ctx, accepts, await officeWorkDir(ctx));
  await ctx.progress(0.2);
  const { output } = await convertOffice(ctx, source);
  await ctx.progress(0.95);
  return { outputs: [output] };
}

export interface DecodedText {
  text: string;
  encoding: 'utf-8' | 'windows-1252';
}

/**
 * Plain text as users have it: UTF-8 (with or without a BOM), else the Windows superset of
 * Latin-1 that old editors and Excel's CSV export write.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    // Node's own windows-1252 decoder is plain Latin-1: 0x80–0x9F would come out as C1 controls.
    const text = Array.from(body, (b) => (b >= 0x80 && b <= 0x9f ? (CP1252_80_9F[b - 0x80] ?? '') : String.fromCharCode(b))).join('');
    return { text, encoding: 'windows-1252' };
  }
}

/** What Windows-1252 puts at 0x80–0x9F (five positions are unassigned). */
const CP1252_80_9F: Array<string | undefined> = [
  '€', undefined, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', undefined, 'Ž', undefined,
  undefined, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', undefined, 'ž', 'Ÿ',
];
