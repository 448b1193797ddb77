import { createWorker, OEM } from 'tesseract.js';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

const dir = '/tmp/ocrx/tessdata';
fs.mkdirSync(dir, { recursive: true });
const variant = process.argv[3] ?? '4.0.0_best_int';
for (const l of ['eng', 'fra']) {
  const target = path.resolve(`node_modules/@tesseract.js-data/${l}/${variant}/${l}.traineddata.gz`);
  const link = path.join(dir, `${l}.traineddata.gz`);
  fs.rmSync(link, { force: true });
  fs.symlinkSync(target, link);
}
function lev(a: string, b: string) {
  const m = a.length, n = b.length; let prev = new Array(n + 1).fill(0).map((_, i) => i); let cur = new Array(n + 1);
  for (let i = 1; i <= m; i++) { cur[0] = i; for (let j = 1; j <= n; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)); [prev, cur] = [cur, prev]; }
  return prev[n];
}
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
const t0 = Date.now();
const w = await createWorker(process.argv[4] ?? 'eng', OEM.LSTM_ONLY, { langPath: dir, cacheMethod: 'none', gzip: true });
console.log('init', Date.now() - t0); await w.setParameters({ tessedit_pageseg_mode: (process.env.PSM ?? '3') as any });
const img = process.argv[2];
const gt = process.argv[5];
const t1 = Date.now();
const r = await w.recognize(fs.readFileSync(img), {}, { text: true, blocks: true });
console.log('recognize', Date.now() - t1, 'conf', r.data.confidence);
if (gt) { const g = norm(fs.readFileSync(gt, 'utf8')); const o = norm(r.data.text); console.log('CER', lev(o, g) / g.length); }
fs.writeFileSync("/tmp/ocrx/out.txt", r.data.text);
await w.terminate();
