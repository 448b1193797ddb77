import { writeDocx } from '../pdf-to-office/write-docx';
import { writePptx } from '../pdf-to-office/write-pptx';
import { writeXlsx } from '../pdf-to-office/write-xlsx';
import type { DocumentLayout } from '../pdf-to-office/types';

export type OfficeOuttype = 'word' | 'excel' | 'ppt';

export type OfficeWriter = (layout: DocumentLayout, outPath: string, opts: { oneSheet: boolean }) => Promise<void>;

/**
 * The writers PDF to Word / Excel / PPT use, by OCR output, and the file extension they write:
 * recognised pages and converted PDFs come out alike.
 */
export const OFFICE_WRITERS: Record<OfficeOuttype, { write: OfficeWriter; ext: string }> = {
  word: { write: (layout, out) => writeDocx(layout, out), ext: 'docx' },
  excel: { write: (layout, out, opts) => writeXlsx(layout, out, opts), ext: 'xlsx' },
  ppt: { write: (layout, out) => writePptx(layout, out), ext: 'pptx' },
};
