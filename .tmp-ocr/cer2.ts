import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { characterErrorRate } from '../worker/src/ocr/cer';
const gt = fs.readFileSync('/work/shared/fixtures/scanned/ocrmypdf_linn.txt', 'utf8');
for (const f of process.argv.slice(2)) console.log(f, characterErrorRate(execFileSync('pdftotext', [f, '-'], { encoding: 'utf8' }), gt).toFixed(4));
