import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { init } from '@embedpdf/pdfium';
import { AppError } from '#shared/errors';

export type Pdfium = Awaited<ReturnType<typeof init>>;

let instance: Promise<Pdfium> | undefined;

/** PDFium in WebAssembly, loaded once per task host from the package's own wasm file (never a URL). */
export function pdfium(): Promise<Pdfium> {
  instance ??= (async () => {
    const wasm = await readFile(createRequire(import.meta.url).resolve('@embedpdf/pdfium/pdfium.wasm'));
    const module = await init({ wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer });
    module.PDFiumExt_Init();
    return module;
  })();
  return instance;
}

/** A rectangle in the page's user space (y up). */
export interface UserRect {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

/** What a replaced line looked like: where its first glyph sat and how big it was. */
export interface LineStyle {
  /** Origin of the first glyph in the rect, user space. */
  x: number;
  y: number;
  size: number;
  /** 0–255 each. */
  color: [number, number, number];
  bold: boolean;
  italic: boolean;
  /** The font's PostScript name, to pick the closest shipped family. */
  fontName: string;
  /** The font descriptor's /Flags (serif, fixed pitch, italic…), for a name that tells nothing. */
  flags: number;
  /** Where the line's glyphs reach, user space: the width a new text must keep within. */
  extent: UserRect;
}

export interface TextRemoval {
  /** 0-based page index. */
  pageIndex: number;
  rect: UserRect;
}

/**
 * Removes the glyphs inside each rect (PDFium's text redactor: only the glyphs, the rest of the
 * text object and the page stay) and reports the style of the first glyph it found there, so the
 * new text can sit on the same baseline. Returns the new file's bytes and one style per removal
 * (null when the rect held no text).
 */
export async function removeText(bytes: Uint8Array, removals: readonly TextRemoval[]): Promise<{ bytes: Uint8Array; styles: (LineStyle | null)[] }> {
  const m = await pdfium();
  // Read afresh each time: the heap's buffer is replaced when the wasm memory grows.
  const heap = () => (m.pdfium as unknown as { HEAPU8: Uint8Array }).HEAPU8;
  const buf = m.pdfium.wasmExports.malloc(bytes.length);
  heap().set(bytes, buf);
  const doc = m.FPDF_LoadMemDocument(buf, bytes.length, '');
  if (!doc) {
    m.pdfium.wasmExports.free(buf);
    throw new AppError('PDF_DAMAGED', `pdfium could not open the file (error ${m.FPDF_GetLastError()})`);
  }
  const scratch = m.pdfium.wasmExports.malloc(256);
  const f64 = (i: number) => m.pdfium.getValue(scratch + i * 8, 'double');
  const styles: (LineStyle | null)[] = [];
  try {
    for (const removal of removals) {
      const page = m.FPDF_LoadPage(doc, removal.pageIndex);
      if (!page) throw new AppError('ILLEGAL_INPUT', `page ${removal.pageIndex + 1} does not exist`);
      try {
        styles.push(lineStyle(m, page, removal.rect, scratch, f64));
        const r = removal.rect;
        // FS_RECTF: left, top, right, bottom (floats).
        m.pdfium.setValue(scratch, r.left, 'float');
        m.pdfium.setValue(scratch + 4, r.top, 'float');
        m.pdfium.setValue(scratch + 8, r.right, 'float');
        m.pdfium.setValue(scratch + 12, r.bottom, 'float');
        if (m.EPDFText_RedactInRect(page, scratch, true, false)) m.FPDFPage_GenerateContent(page);
      } finally {
        m.FPDF_ClosePage(page);
      }
    }
    return { bytes: saveDocument(m, doc), styles };
  } finally {
    m.pdfium.wasmExports.free(scratch);
    m.FPDF_CloseDocument(doc);
    m.pdfium.wasmExports.free(buf);
  }
}

/** The document as PDFium writes it whole (not an incremental update): what it dropped from the pages is gone from the file. */
export function saveDocument(m: Pdfium, doc: number): Uint8Array {
  const writer = m.PDFiumExt_OpenFileWriter();
  try {
    if (!m.PDFiumExt_SaveAsCopy(doc, writer)) throw new Error('pdfium could not save the edited file');
    const size = m.PDFiumExt_GetFileWriterSize(writer);
    const out = m.pdfium.wasmExports.malloc(size);
    try {
      m.PDFiumExt_GetFileWriterData(writer, out, size);
      return (m.pdfium as unknown as { HEAPU8: Uint8Array }).HEAPU8.slice(out, out + size);
    } finally {
      m.pdfium.wasmExports.free(out);
    }
  } finally {
    m.PDFiumExt_CloseFileWriter(writer);
  }
}

function lineStyle(m: Pdfium, page: number, rect: UserRect, scratch: number, f64: (i: number) => number): LineStyle | null {
  const text = m.FPDFText_LoadPage(page);
  if (!text) return null;
  try {
    const count = m.FPDFText_CountChars(text);
    let style: LineStyle | null = null;
    for (let i = 0; i < count; i++) {
      const code = m.FPDFText_GetUnicode(text, i);
      if (code === 0 || code === 32 || code === 10 || code === 13) continue;
      if (!m.FPDFText_GetCharOrigin(text, i, scratch, scratch + 8)) continue;
      const x = f64(0);
      const y = f64(1);
      if (x < rect.left || x > rect.right || y < rect.bottom || y > rect.top) continue;
      // left, right, bottom, top.
      if (!m.FPDFText_GetCharBox(text, i, scratch, scratch + 8, scratch + 16, scratch + 24)) continue;
      const box = { left: f64(0), right: f64(1), bottom: f64(2), top: f64(3) };
      if (style) {
        const e = style.extent;
        style.extent = { left: Math.min(e.left, box.left), right: Math.max(e.right, box.right), bottom: Math.min(e.bottom, box.bottom), top: Math.max(e.top, box.top) };
        continue;
      }
      style = firstGlyph(m, text, i, x, y, scratch, box);
    }
    return style;
  } finally {
    m.FPDFText_ClosePage(text);
  }
}

/** The style of the line's first glyph: where it sits, its size, colour and font. */
function firstGlyph(m: Pdfium, text: number, i: number, x: number, y: number, scratch: number, extent: UserRect): LineStyle {
  const size = m.FPDFText_GetFontSize(text, i);
  const color: [number, number, number] = [0, 0, 0];
  if (m.FPDFText_GetFillColor(text, i, scratch, scratch + 4, scratch + 8, scratch + 12)) {
    for (let c = 0; c < 3; c++) color[c] = m.pdfium.getValue(scratch + c * 4, 'i32');
  }
  const nameLength = m.FPDFText_GetFontInfo(text, i, scratch + 16, 200, scratch);
  const fontName = nameLength > 1 ? m.pdfium.UTF8ToString(scratch + 16) : '';
  const flags = m.pdfium.getValue(scratch, 'i32');
  const weight = m.FPDFText_GetFontWeight(text, i);
  return {
    x,
    y,
    size: size > 0 ? size : 12,
    color,
    bold: weight >= 600 || /bold|black|heavy|demi/i.test(fontName),
    // PDF font flag 7 (bit 6): Italic.
    italic: (flags & (1 << 6)) !== 0 || /italic|oblique/i.test(fontName),
    fontName,
    flags,
    extent,
  };
}
