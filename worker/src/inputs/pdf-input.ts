import { AppError } from '#shared/errors';
import * as qpdf from '../engines/qpdf';
import type { InputFile } from '../contract/processor';

export interface PreparedPdf {
  /** A repaired, unencrypted copy that every engine can read. */
  path: string;
  pages: number;
}

/** A PDF ready for qpdf alone: the upload itself when it is sound, else a repaired copy. */
export interface QpdfReadyPdf extends PreparedPdf {
  outlines: qpdf.OutlineItem[];
}

/**
 * What every PDF input goes through before a tool touches it: a file that needs a password is
 * refused (the user should unlock it first), and anything else is rewritten by qpdf, which drops
 * owner-only encryption and rebuilds a broken cross-reference table. A file qpdf cannot read, or
 * that comes out without pages, is damaged beyond repair. `decode` readies it for pdf-lib (see
 * `qpdf.rewriteRepaired`).
 */
export async function preparePdf(input: InputFile, target: string, signal: AbortSignal, opts: { decode?: boolean } = {}): Promise<PreparedPdf> {
  if (await qpdf.isPasswordRequired(input.path, signal)) throw new AppError('PDF_ENCRYPTED', `${input.name} needs a password`);
  await qpdf.rewriteRepaired(input.path, target, signal, opts);
  const pages = await qpdf.pageCount(target, signal);
  if (!(pages > 0)) throw new AppError('PDF_DAMAGED', `${input.name}: no pages after repair`);
  return { path: target, pages };
}

/**
 * For tools that only hand the file to qpdf (merge, split, organize, rotate, delete): qpdf reads a
 * sound, unencrypted file as well as its rewritten copy, so one cheap probe decides. Only a file
 * that opens with a warning, is encrypted or does not open goes through the full `preparePdf`
 * (which also tells a password from damage). The returned path is never written to.
 */
export async function readyForQpdf(input: InputFile, target: string, signal: AbortSignal): Promise<QpdfReadyPdf> {
  const probe = await qpdf.probe(input.path, signal);
  if (probe?.sound && probe.pages > 0) return { path: input.path, pages: probe.pages, outlines: probe.outlines };
  const doc = await preparePdf(input, target, signal);
  return { ...doc, outlines: await qpdf.outlines(doc.path, signal) };
}

/** The one input of a single-file tool (the API runs such tools once per file). */
export function singleInput(inputs: readonly InputFile[]): InputFile {
  if (inputs.length !== 1) throw new AppError('SINGLE_FILE_ONLY', `${inputs.length} inputs`);
  return inputs[0];
}

/** The user's file name without folders or extension, to build output names from. */
export function fileStem(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  return base.replace(/\.[^.]*$/, '') || 'document';
}
