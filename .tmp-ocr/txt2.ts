import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import pdfToTxt from '../worker/src/processors/pdf-to-txt';
const words = (s: string) => new Set(s.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
const dir = '/work/shared/fixtures/pdf/';
for (const f of fs.readdirSync(dir)) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'txt-'));
  fs.copyFileSync(dir + f, path.join(work, 'in.pdf'));
  try {
    const t = Date.now();
    const r = await pdfToTxt({ inputs: [{ path: path.join(work, 'in.pdf'), name: f, kind: 'pdf' }], options: {}, workDir: work, signal: new AbortController().signal, progress: async () => {} });
    const ours = fs.readFileSync(r.outputs[0].path, 'utf8');
    const ref = execFileSync('pdftotext', ['-q', dir + f, '-'], { encoding: 'utf8', maxBuffer: 1e9 });
    const a = words(ours), b = words(ref);
    const missing = [...b].filter((w) => !a.has(w)), extra = [...a].filter((w) => !b.has(w));
    console.log(f, Date.now() - t, 'ms ff', (ref.match(/\f/g) ?? []).length - 1, (ours.match(/\f/g) ?? []).length, 'missing', missing.length, missing.slice(0, 3).join(','), 'extra', extra.length, extra.slice(0, 3).join(','), r.outputs[0].name);
  } catch (e: any) { console.log(f, 'ERR', e.code, (e.detail ?? String(e)).slice(0, 80)); }
  fs.rmSync(work, { recursive: true });
}
