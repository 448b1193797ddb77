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

type Writer = (layout: DocumentLayout, outPath: string, opts?: { oneSheet?: boolean }) => Promise<void>;

/**
 * Writes the recognised pages as Word, Excel or PowerPoint with the writers PDF to Word / Excel /
 * PPT use, so OCR output and converted PDFs look alike. They are loaded when first needed.
 */
export async function writeOffice(kind: OfficeOuttype, layout: DocumentLayout, outPath: string, opts: { oneSheet: boolean }): Promise<void> {
  const { module, name } = WRITERS[kind];
  let write: Writer | undefined;
  try {
    write = ((await import(module)) as Record<string, Writer | undefined>)[name];
  } catch (e) {
    throw new AppError('TOOL_UNAVAILABLE', `${module}: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (typeof write !== 'function') throw new AppError('TOOL_UNAVAILABLE', `${module} has no ${name}`);
  await write(layout, outPath, kind === 'excel' ? { oneSheet: opts.oneSheet } : undefined);
}
