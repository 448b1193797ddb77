import { dwgToJpgOptions, dwgToPdfOptions } from './options-cad';
import { compareOptions } from './options-compare';
import { compressOptions } from './options-compress';
import { cropOptions } from './options-crop';
import { deleteOptions } from './options-delete';
import { ebooksOptions } from './options-ebooks';
import { headerFooterOptions } from './options-header-footer';
import { bookletOptions, nUpOptions } from './options-n-up';
import { gifToPdfOptions, jpgToPdfOptions } from './options-images';
import { metadataOptions } from './options-metadata';
import { ocrOptions } from './options-ocr';
import { organizeOptions } from './options-organize';
import { pageNumbersOptions } from './options-page-numbers';
import { pdfToExcelOptions, takesOneSheet } from './options-pdf-to-excel';
import { pdfToJpgOptions } from './options-pdf-to-jpg';
import { pdfaOptions } from './options-pdfa';
import { protectOptions } from './options-protect';
import { redactOptions } from './options-redact';
import { rotateOptions } from './options-rotate';
import { sanitizeOptions } from './options-sanitize';
import { splitOptions } from './options-split';
import type { ToolOptions } from './options-types';
import type { OptionsToolId } from '~/lib/options-tools';
import { unlockOptions } from './options-unlock';
import { urlOptions } from './options-url';
import { watermarkOptions } from './options-watermark';

/**
 * Option panels of the tools that have options (OPTIONS_TOOLS); a tool without an entry sends no
 * options. Each entry keeps its own state type; the flow only passes that state back to the same entry.
 */
export const TOOL_OPTIONS: Record<OptionsToolId, ToolOptions<any> | undefined> = {
  'split-pdf': splitOptions,
  'compress-pdf': compressOptions,
  'delete-pages': deleteOptions,
  'organize-pdf': organizeOptions,
  'rotate-pdf': rotateOptions,
  'add-page-numbers': pageNumbersOptions,
  'add-watermark': watermarkOptions,
  'add-header-footer': headerFooterOptions,
  'crop-pdf': cropOptions,
  'n-up-pdf': nUpOptions,
  'booklet-pdf': bookletOptions,
  'protect-pdf': protectOptions,
  'unlock-pdf': unlockOptions,
  'jpg-to-pdf': jpgToPdfOptions,
  'gif-to-pdf': gifToPdfOptions,
  'html-to-pdf': urlOptions,
  'ebooks-to-pdf': ebooksOptions,
  'dwg-to-pdf': dwgToPdfOptions,
  'dwg-to-jpg': dwgToJpgOptions,
  'pdf-to-jpg': pdfToJpgOptions,
  'pdf-ocr': ocrOptions,
  'pdf-to-excel': takesOneSheet ? pdfToExcelOptions : undefined,
  'edit-metadata': metadataOptions,
  'sanitize-pdf': sanitizeOptions,
  'redact-pdf': redactOptions,
  'pdf-to-pdfa': pdfaOptions,
  'compare-pdf': compareOptions,
};
