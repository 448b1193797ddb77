/**
 * Which pages are read by OCR and at what resolution: one set of rules for the OCR tool and the AI
 * assistant's reader, so a page one of them takes for a scan the other does too.
 */

/** A page without a scan of its own is rendered at 300 dpi, where Tesseract reads best. */
export const OCR_DPI = 300;
/** A page is recognised at no more than this many pixels (an A3 page at 300 dpi is 17 million). */
export const MAX_OCR_PIXELS = 30_000_000;
/** A page with fewer letters and digits than this has no real text layer (a page number on a scan): it is read by OCR. */
export const MIN_TEXT_CHARS = 20;

/** The letters and digits of a page's text, which MIN_TEXT_CHARS counts. */
export function textChars(text: string): number {
  return text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
}

/** The resolution a page of this size (points) is rendered at for recognition: `wanted`, less for a page past MAX_OCR_PIXELS. */
export function ocrDpi(width: number, height: number, wanted = OCR_DPI): number {
  return Math.min(wanted, Math.floor(72 * Math.sqrt(MAX_OCR_PIXELS / (width * height))));
}
