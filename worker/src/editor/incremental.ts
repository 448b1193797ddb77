import type { PDFDocument, PDFObject } from '@cantoo/pdf-lib';

/**
 * Saving an edited PDF as an incremental update: the original bytes stay as they were and the
 * changed objects are appended after them, so a signature made before the edit still verifies
 * (readers show the document as changed after signing). pdf-lib's incremental writer saves new
 * objects by itself but changed ones only when told: every object is written out before the edits
 * and compared after them.
 */
const bytesOf = (object: PDFObject): Uint8Array => {
  const bytes = new Uint8Array(object.sizeInBytes());
  object.copyBytesInto(bytes, 0);
  return bytes;
};

/** Every indirect object's bytes as pdf-lib would write them, by reference. */
export function objectBytes(pdf: PDFDocument): Map<string, Uint8Array> {
  return new Map(pdf.context.enumerateIndirectObjects().map(([ref, object]) => [ref.tag, bytesOf(object)]));
}

/** Marks for saving each object that existed before the edits and is no longer written the same. */
export function markChanged(pdf: PDFDocument, before: ReadonlyMap<string, Uint8Array>): void {
  const snapshot = pdf.context.snapshot!;
  for (const [ref, object] of pdf.context.enumerateIndirectObjects()) {
    const was = before.get(ref.tag);
    if (was && !Buffer.from(was).equals(bytesOf(object))) snapshot.markRefForSave(ref);
  }
}
