import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
const words = (s: string) => new Set(s.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
const gt = [...words(fs.readFileSync('/work/shared/fixtures/scanned/ocrmypdf_linn.txt', 'utf8'))];
const found = words(execFileSync('pdftotext', [process.argv[2], '-'], { encoding: 'utf8' }));
const miss = gt.filter((w) => !found.has(w));
console.log(gt.length, miss.length, miss.slice(0, 40).join(' '));
