import { noOptions } from './define';

/** One LibreOffice conversion may take this long: the worker stops it there (worker/src/inputs/office-input.ts). */
export const SOFFICE_CONVERSION_SECONDS = 150;

/**
 * What every tool that turns one document into a PDF through LibreOffice declares: one file in, one
 * PDF out, LibreOffice and qpdf (which counts the pages it wrote), and a task limit that leaves room
 * around LibreOffice's own.
 */
export const LIBREOFFICE_TO_PDF = {
  category: 'convertTo',
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  engines: ['soffice', 'qpdf'],
  output: 'file',
  built: true,
  timeoutSeconds: SOFFICE_CONVERSION_SECONDS + 30,
} as const;
