import { pdfBytes } from './hostile-files';

/**
 * Documents that are small on disk and hold far more pages than a tool takes (issue 36): a tool
 * that learns the count late decodes page after page for minutes before it refuses.
 */

/**
 * A little-endian TIFF of `pages` grey pages of side×side pixels, every directory pointing at the
 * same pixels: 2,001 one-pixel pages are 228 KB.
 */
export function manyPageTiff(pages: number, side = 1): Buffer {
  // Width, height, bits per sample, compression, photometric, strip offset, samples, rows per strip, strip bytes.
  const ifdBytes = 2 + 9 * 12 + 4;
  const pixels = side * side;
  const firstIfd = 8 + pixels + (pixels % 2);
  const buf = Buffer.alloc(firstIfd + pages * ifdBytes);
  buf.write('II', 0, 'latin1');
  buf.writeUInt16LE(42, 2);
  buf.writeUInt32LE(firstIfd, 4);
  buf.fill(0x80, 8, 8 + pixels);
  const tags: ReadonlyArray<[tag: number, short: boolean, value: number]> = [
    [256, false, side],
    [257, false, side],
    [258, true, 8],
    [259, true, 1],
    [262, true, 1],
    [273, false, 8],
    [277, true, 1],
    [278, false, side],
    [279, false, pixels],
  ];
  for (let page = 0; page < pages; page++) {
    let at = firstIfd + page * ifdBytes;
    buf.writeUInt16LE(tags.length, at);
    at += 2;
    for (const [tag, short, value] of tags) {
      buf.writeUInt16LE(tag, at);
      buf.writeUInt16LE(short ? 3 : 4, at + 2);
      buf.writeUInt32LE(1, at + 4);
      if (short) buf.writeUInt16LE(value, at + 8);
      else buf.writeUInt32LE(value, at + 8);
      at += 12;
    }
    buf.writeUInt32LE(page + 1 < pages ? firstIfd + (page + 1) * ifdBytes : 0, at);
  }
  return buf;
}

/**
 * A valid PDF of `pages` letter pages sharing one content stream and their inherited box and font:
 * 100,000 pages are 9.7 MB, written in a third of a second. `text` is drawn on every page (a few
 * letters make a page the AI indexer reads by OCR; a sentence, a text page).
 */
export function manyPagePdf(pages: number, text = 'Sheaf hostile corpus: one of many pages'): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(' ');
  return pdfBytes([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    { dict: '', data: Buffer.from(`BT /F1 14 Tf 72 720 Td (${text.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj ET`, 'latin1') },
    ...Array.from({ length: pages }, () => '<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>'),
  ]);
}
