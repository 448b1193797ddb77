import { createHash } from 'node:crypto';
import type { TRedactBox } from '#shared/tools/redact-pdf';
import type { RedactLeftReason } from '#shared/tools/redact-kinds';
import { AppError } from '#shared/errors';
import { pdfium, saveDocument, type Pdfium, type UserRect } from '../editor/pdfium';
import type { Matcher } from './matcher';

// PDFium's constants (fpdf_annot.h, fpdf_edit.h).
const ANNOT_FREETEXT = 3;
const ANNOT_WIDGET = 20;
const ANNOT_REDACT = 28;
const PAGEOBJ_IMAGE = 3;
/** Match boxes reach a little above and below the glyphs' boxes, for accents and a scan's ink around its OCR words. */
const PAD = 1;
/** The virtual device PDFium maps a drawn box's fractions through (it takes whole device pixels). */
const DEVICE = 1_000_000;

export interface RedactedPages {
  bytes: Uint8Array;
  /** Areas redacted: text matches, boxes drawn and fields that showed a phrase. */
  areas: number;
  /** Pages with at least one area. */
  pages: number;
  /** Pages where an image under a box could not be rewritten (its format is one PDFium cannot re-encode). */
  left: Array<{ page: number; reason: RedactLeftReason }>;
}

/**
 * Finds the matches on every page with PDFium's text API, adds the boxes drawn, and removes what
 * lies under each area: PDFium's redactor takes the glyphs out of the text objects (the rest of
 * each line stays text), rewrites the pixels of images under it, drops the paths and shadings that
 * lie inside it, and paints a black box. The page's annotations under an area (links, fields,
 * notes) go with it, widgets leaving the form too. Each image under an area is checked afterwards:
 * one PDFium left unchanged is reported, never passed over.
 */
export async function redactPages(bytes: Uint8Array, matcher: Matcher, boxes: readonly TRedactBox[], onPage: (done: number, total: number) => Promise<void>): Promise<RedactedPages> {
  const m = await pdfium();
  const buf = m.pdfium.wasmExports.malloc(bytes.length);
  (m.pdfium as unknown as { HEAPU8: Uint8Array }).HEAPU8.set(bytes, buf);
  const doc = m.FPDF_LoadMemDocument(buf, bytes.length, '');
  if (!doc) {
    m.pdfium.wasmExports.free(buf);
    throw new AppError('PDF_DAMAGED', `pdfium could not open the file (error ${m.FPDF_GetLastError()})`);
  }
  const scratch = m.pdfium.wasmExports.malloc(64);
  // The form environment lets PDFium read a field's value where the field keeps it (a widget's parent).
  const formInfo = m.PDFiumExt_OpenFormFillInfo();
  const form = m.PDFiumExt_InitFormFillEnvironment(doc, formInfo);
  const result: RedactedPages = { bytes, areas: 0, pages: 0, left: [] };
  try {
    const count = m.FPDF_GetPageCount(doc);
    for (let index = 0; index < count; index++) {
      const page = m.FPDF_LoadPage(doc, index);
      if (!page) throw new AppError('PDF_DAMAGED', `pdfium could not read page ${index + 1}`);
      try {
        const areas = [...textAreas(m, page, matcher, scratch), ...fieldAreas(m, form, page, matcher, scratch), ...drawnAreas(m, page, boxes.filter((b) => b.page === index + 1), scratch)];
        if (areas.length > 0) {
          const images = imagesUnder(m, page, areas, scratch);
          apply(m, page, areas, scratch);
          if (images.some(({ object, digest }) => imageDigest(m, object) === digest)) result.left.push({ page: index + 1, reason: 'image' });
          result.areas += areas.length;
          result.pages += 1;
        }
      } finally {
        m.FPDF_ClosePage(page);
      }
      await onPage(index + 1, count);
    }
    result.bytes = saveDocument(m, doc);
    return result;
  } finally {
    m.pdfium.wasmExports.free(scratch);
    if (form) m.PDFiumExt_ExitFormFillEnvironment(form);
    m.PDFiumExt_CloseFormFillInfo(formInfo);
    m.FPDF_CloseDocument(doc);
    m.pdfium.wasmExports.free(buf);
  }
}

/**
 * The boxes of every match of the page's text, one per line a match runs over: the glyphs' loose
 * boxes (their advance, the font's ascent and descent), so a box covers the whole word as drawn.
 */
function textAreas(m: Pdfium, page: number, matcher: Matcher, scratch: number): UserRect[] {
  const textPage = m.FPDFText_LoadPage(page);
  if (!textPage) return [];
  try {
    const count = m.FPDFText_CountChars(textPage);
    if (count <= 0) return [];
    const text = withBuffer(m, (count + 1) * 2, (out) => {
      const written = m.FPDFText_GetText(textPage, 0, count, out);
      return m.pdfium.UTF16ToString(out).slice(0, Math.max(0, written - 1));
    });
    const rects: UserRect[] = [];
    for (const span of matcher.spans(text)) {
      let line: UserRect | undefined;
      for (let i = span.start; i < span.end; i++) {
        // Spaces and line breaks PDFium added between words have no glyph, and no box.
        if (m.FPDFText_IsGenerated(textPage, i) === 1 || !m.FPDFText_GetLooseCharBox(textPage, i, scratch)) continue;
        const box = fromRectF(m, scratch);
        if (box.right <= box.left || box.top <= box.bottom) continue;
        // A glyph on the same line as the last extends its box; one on another line starts a new one.
        if (line && Math.min(line.top, box.top) - Math.max(line.bottom, box.bottom) > 0.5 * (box.top - box.bottom)) {
          line.left = Math.min(line.left, box.left);
          line.right = Math.max(line.right, box.right);
          line.bottom = Math.min(line.bottom, box.bottom - PAD);
          line.top = Math.max(line.top, box.top + PAD);
        } else {
          line = { left: box.left, right: box.right, bottom: box.bottom - PAD, top: box.top + PAD };
          rects.push(line);
        }
      }
    }
    return rects;
  } finally {
    m.FPDFText_ClosePage(textPage);
  }
}

/** Form fields and free-text notes whose shown text holds a phrase: the place where it shows is redacted whole. */
function fieldAreas(m: Pdfium, form: number, page: number, matcher: Matcher, scratch: number): UserRect[] {
  const rects: UserRect[] = [];
  const count = m.FPDFPage_GetAnnotCount(page);
  for (let i = 0; i < count; i++) {
    const annot = m.FPDFPage_GetAnnot(page, i);
    if (!annot) continue;
    try {
      const subtype = m.FPDFAnnot_GetSubtype(annot);
      if (subtype !== ANNOT_WIDGET && subtype !== ANNOT_FREETEXT) continue;
      const shown = subtype === ANNOT_WIDGET ? fieldValue(m, form, annot) : annotString(m, annot, 'Contents');
      if (shown === '' || matcher.spans(shown).length === 0) continue;
      if (m.FPDFAnnot_GetRect(annot, scratch)) rects.push(fromRectF(m, scratch));
    } finally {
      m.FPDFPage_CloseAnnot(annot);
    }
  }
  return rects;
}

/** `size` bytes of PDFium's memory for `use`, freed after it. */
function withBuffer<T>(m: Pdfium, size: number, use: (buffer: number) => T): T {
  const buffer = m.pdfium.wasmExports.malloc(size);
  try {
    return use(buffer);
  } finally {
    m.pdfium.wasmExports.free(buffer);
  }
}

/** A UTF-16 string PDFium writes on a second call, after a first that gives its size in bytes (2 for an empty one). */
function pdfiumString(m: Pdfium, read: (buffer: number, size: number) => number): string {
  const size = read(0, 0);
  return size <= 2 ? '' : withBuffer(m, size, (out) => (read(out, size), m.pdfium.UTF16ToString(out)));
}

function fieldValue(m: Pdfium, form: number, annot: number): string {
  if (!form) return annotString(m, annot, 'V');
  return pdfiumString(m, (out, size) => m.FPDFAnnot_GetFormFieldValue(form, annot, out, size));
}

const annotString = (m: Pdfium, annot: number, key: string): string => pdfiumString(m, (out, size) => m.FPDFAnnot_GetStringValue(annot, key, out, size));

/** A drawn box's fractions of the page as shown, in the page's user space (its crop box and rotation taken into account). */
function drawnAreas(m: Pdfium, page: number, boxes: readonly TRedactBox[], scratch: number): UserRect[] {
  const toPage = (fx: number, fy: number) => {
    m.FPDF_DeviceToPage(page, 0, 0, DEVICE, DEVICE, 0, Math.round(fx * DEVICE), Math.round(fy * DEVICE), scratch, scratch + 8);
    return [m.pdfium.getValue(scratch, 'double'), m.pdfium.getValue(scratch + 8, 'double')];
  };
  return boxes.map((b) => {
    const [x0, y0] = toPage(b.x, b.y);
    const [x1, y1] = toPage(b.x + b.width, b.y + b.height);
    return { left: Math.min(x0, x1), right: Math.max(x0, x1), bottom: Math.min(y0, y1), top: Math.max(y0, y1) };
  });
}

/** The images drawn on the page under an area, with a digest of their data to tell afterwards whether PDFium rewrote them. */
function imagesUnder(m: Pdfium, page: number, areas: readonly UserRect[], scratch: number): Array<{ object: number; digest: string }> {
  const images: Array<{ object: number; digest: string }> = [];
  const count = m.FPDFPage_CountObjects(page);
  for (let i = 0; i < count; i++) {
    const object = m.FPDFPage_GetObject(page, i);
    if (!object || m.FPDFPageObj_GetType(object) !== PAGEOBJ_IMAGE) continue;
    // left, bottom, right, top (floats).
    if (!m.FPDFPageObj_GetBounds(object, scratch, scratch + 4, scratch + 8, scratch + 12)) continue;
    const [left, bottom, right, top] = [0, 1, 2, 3].map((k) => m.pdfium.getValue(scratch + k * 4, 'float'));
    if (areas.some((a) => a.left < right && a.right > left && a.bottom < top && a.top > bottom)) images.push({ object, digest: imageDigest(m, object) });
  }
  return images;
}

function imageDigest(m: Pdfium, object: number): string {
  const size = m.FPDFImageObj_GetImageDataRaw(object, 0, 0);
  if (size <= 0) return '';
  return withBuffer(m, size, (out) => {
    m.FPDFImageObj_GetImageDataRaw(object, out, size);
    return createHash('sha256').update((m.pdfium as unknown as { HEAPU8: Uint8Array }).HEAPU8.subarray(out, out + size)).digest('hex');
  });
}

/**
 * Redact annotations over the areas, applied: PDFium removes the content under them and the
 * annotations they touch (a widget leaves the form's field list too). Then each area again with
 * black boxes, which also paints the rewritten image pixels black rather than white.
 */
function apply(m: Pdfium, page: number, areas: readonly UserRect[], scratch: number): void {
  for (const area of areas) {
    const annot = m.FPDFPage_CreateAnnot(page, ANNOT_REDACT);
    if (!annot) continue;
    toRectF(m, area, scratch);
    m.FPDFAnnot_SetRect(annot, scratch);
    m.FPDFPage_CloseAnnot(annot);
  }
  m.EPDFPage_ApplyRedactions(page);
  for (const area of areas) {
    toRectF(m, area, scratch);
    m.EPDFText_RedactInRect(page, scratch, true, true);
  }
  m.FPDFPage_GenerateContent(page);
}

/** FS_RECTF: left, top, right, bottom (floats). */
function toRectF(m: Pdfium, r: UserRect, at: number): void {
  m.pdfium.setValue(at, r.left, 'float');
  m.pdfium.setValue(at + 4, r.top, 'float');
  m.pdfium.setValue(at + 8, r.right, 'float');
  m.pdfium.setValue(at + 12, r.bottom, 'float');
}

function fromRectF(m: Pdfium, at: number): UserRect {
  const [left, top, right, bottom] = [0, 1, 2, 3].map((k) => m.pdfium.getValue(at + k * 4, 'float'));
  return { left: Math.min(left, right), right: Math.max(left, right), bottom: Math.min(top, bottom), top: Math.max(top, bottom) };
}
