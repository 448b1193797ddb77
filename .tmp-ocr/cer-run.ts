import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getTool } from '../shared/src/tools';
import pdfOcr from '../worker/src/processors/pdf-ocr';
import { characterErrorRate } from '../worker/src/ocr/cer';
const S = '/work/shared/fixtures/scanned/';
const cases: Array<[string, string, string]> = [
  ['ocrmypdf_linn.png', 'ocrmypdf_linn.txt', 'eng'],
  ['ocrmypdf_skew.pdf', 'ocrmypdf_linn.txt', 'eng'],
  ['ocrmypdf_rotated_skew.pdf', 'ocrmypdf_linn.txt', 'eng'],
  ['ocrmypdf_ccitt.pdf', 'ocrmypdf_linn.txt', 'eng'],
  ['ocrmypdf_francais.pdf', 'ocrmypdf_francais.gt.txt', 'fra'],
  ['tesseract_eurotext.tif', 'tesseract_eurotext.txt', 'eng+fra'],
  ['tesseract_phototest.tif', 'tesseract_phototest.txt', 'eng'],
];
const only = process.argv[2];
for (const [f, gt, lang] of cases) {
  if (only && !f.includes(only)) continue;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cer-'));
  const ext = path.extname(f).slice(1);
  const kind = ({ tif: 'tiff' } as any)[ext] ?? ext;
  fs.copyFileSync(S + f, path.join(work, 'in.' + ext));
  const t = Date.now();
  const r = await pdfOcr({ inputs: [{ path: path.join(work, 'in.' + ext), name: f, kind }], options: getTool('pdf-ocr')!.options.parse({ outtype: 'txt', language: lang }), workDir: work, signal: new AbortController().signal, progress: async () => {} });
  const text = fs.readFileSync(r.outputs[0].path, 'utf8');
  console.log(f, lang, 'CER', characterErrorRate(text, fs.readFileSync(S + gt, 'utf8')).toFixed(4), 's', ((Date.now() - t) / 1000).toFixed(1));
  if (only) fs.writeFileSync('/tmp/ocrx/cer-out.txt', text);
  fs.rmSync(work, { recursive: true });
}
