import { z } from 'zod';
import { defineTool } from './define';
import { flagField } from './fields';

/** Tesseract language codes we ship recognition data for. */
export const OCR_LANGUAGES = ['eng', 'fra', 'deu', 'spa', 'ita', 'por', 'chi_sim'] as const;
export type OcrLanguage = (typeof OCR_LANGUAGES)[number];
/** Each extra language slows recognition down; three cover any real document. */
export const MAX_OCR_LANGUAGES = 3;
/** What the recognised text becomes: an editable document, plain text, or the input made searchable. */
export const OCR_OUTTYPES = ['word', 'excel', 'ppt', 'txt', 'pdf'] as const;
export type OcrOuttype = (typeof OCR_OUTTYPES)[number];
/** Recognition takes seconds per page: longer documents are refused up front. */
export const MAX_OCR_PAGES = 100;

const CODE = `(?:${OCR_LANGUAGES.join('|')})`;

/**
 * One language code, or up to three joined by '+' ("eng+fra"), known, without repeats; kept in the
 * order given. The codes are an enum so the API document, `sheaf pdf-ocr --help` and the refusal of
 * a wrong one list them.
 */
const languageField = z
  .union([
    z.enum(OCR_LANGUAGES),
    z
      .string()
      .max(64)
      .regex(new RegExp(`^\\s*${CODE}(?:\\s*\\+\\s*${CODE})*\\s*$`))
      .meta({ description: `up to ${MAX_OCR_LANGUAGES} of them joined by "+" (eng+fra)` }),
  ])
  .transform((s) => s.split('+').map((code) => code.trim()))
  .refine((codes) => new Set(codes).size === codes.length && codes.length <= MAX_OCR_LANGUAGES, `must name one to ${MAX_OCR_LANGUAGES} different languages`)
  .transform((codes) => codes.join('+'));

/**
 * Scanned PDFs and images to text. Pages are turned upright and straightened before recognition;
 * PDF pages that already carry text are kept as they are (the result says so), unless `redo`. `pdf` returns the input with an
 * invisible text layer over each scanned page, the page images untouched.
 */
export default defineTool({
  id: 'pdf-ocr',
  category: 'convertFrom',
  accepts: ['pdf', 'png', 'jpg', 'tiff', 'bmp', 'webp'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    language: languageField.default('eng'),
    outtype: z.enum(OCR_OUTTYPES).default('pdf'),
    /** Excel only: every page on one sheet instead of a sheet per page. */
    excelonesheet: flagField.default(false),
    /**
     * Reads again the scans that already carry text (an earlier OCR, perhaps a poor one), replacing
     * that text; pages whose text is drawn, not scanned, keep it either way.
     */
    redo: flagField.default(false),
  }),
  engines: ['pdftoppm', 'pdftotext', 'qpdf', 'gs'],
  output: 'file',
  built: true,
  maxPages: MAX_OCR_PAGES,
  timeoutSeconds: 1800,
});
