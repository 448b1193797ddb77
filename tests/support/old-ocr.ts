import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { fixture } from './fixtures';

/** A one-page PDF of `width` × `height` points whose content is `content`, with Helvetica as /F1. */
function onePagePdf(content: string, width: number, height: number): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  return Buffer.from(`${pdf}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`, 'latin1');
}

/** Words no OCR of the French pangram would write: the text of a wrong, earlier OCR. */
export const OLD_OCR = 'ZEBRA QUUX GARBLED OLDOCR WORDS';

/**
 * Writes to `target` the French scan (ocrmypdf_francais.pdf, 216 pt square) with a wrong text
 * layer from an earlier OCR: invisible words laid over it in a form XObject (qpdf's overlay), as
 * OCR programs graft their layer.
 */
export function writeScanWithOldOcr(target: string): void {
  const layer = `${target}.layer.pdf`;
  fs.writeFileSync(layer, onePagePdf(`BT 3 Tr /F1 8 Tf 20 150 Td (${OLD_OCR}) Tj ET`, 216, 216));
  execFileSync('qpdf', [fixture('scanned/ocrmypdf_francais.pdf'), '--overlay', layer, '--', target]);
  fs.rmSync(layer);
}
