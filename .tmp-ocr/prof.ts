import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { OcrEngine } from '../worker/src/ocr/tesseract';
const f = process.argv[2]; const dpi = Number(process.argv[3] ?? 200);
fs.mkdirSync('/tmp/ocrx/prof', { recursive: true });
execFileSync('pdftoppm', ['-png', '-gray', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', f, '/tmp/ocrx/prof/p']);
const png = fs.readFileSync('/tmp/ocrx/prof/p.png');
const t0 = Date.now();
const e = await OcrEngine.start(['eng'], { workDir: '/tmp/ocrx/prof', signal: new AbortController().signal });
console.log('start', Date.now() - t0);
for (const psm of ['3']) {
  const t = Date.now();
  const r = await e.recognise(png, { dpi, textPdf: false });
  console.log('recognise', Date.now() - t, 'conf', r.confidence, 'words', r.paragraphs.flatMap((p) => p.lines.flatMap((l) => l.words)).length);
}
await e.stop();
