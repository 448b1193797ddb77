import { AppError } from '../../../shared/src/errors';
import type { DocumentLayout } from '../layout/types';

export type OfficeOuttype = 'word' | 'excel' | 'ppt';

/** The shared writers of the "from PDF" converters, by output, and the file extension they write. */
const WRITERS: Record<OfficeOuttype, { module: string; name: string; ext: string }> = {
  word: { module: '../layout/write-docx', name: 'writeDocx', ext: 'docx' },
  excel: { module: '../layout/write-xlsx', name: 'writeXlsx', ext: 'xlsx' },
  ppt: { module: '../layout/write-pptx', name: 'writePptx', ext: 'pptx' },
};

export const officeExtension = (kind: OfficeOuttype) => WRITERS[kind].ext;

export type OfficeWriter = (layout: DocumentLayout, outPath: string, opts?: { oneSheet?: boolean }) => Promise<void>;

/**
 * The writer PDF to Word / Excel / PPT use for this output, so OCR output and converted PDFs look
 * alike. Loaded before any page is recognised: a missing writer fails the task at once.
 */
export async function loadOfficeWriter(kind: OfficeOuttype): Promise<OfficeWriter> {
  const { module, name } = WRITERS[kind];
  let write: OfficeWriter | undefined;
  try {
    write = ((await import(module)) as Record<string, OfficeWriter | undefined>)[name];
  } catch (e) {
    throw new AppError('TOOL_UNAVAILABLE', `${module}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (typeof write !== 'function') throw new AppError('TOOL_UNAVAILABLE', `${module} has no ${name}`);
  return write;
}
