import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { getTool } from '../shared/src/tools';
import pdfToJpg from '../worker/src/processors/pdf-to-jpg';
const [f, optsJson] = [process.argv[2], process.argv[3] ?? '{}'];
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'jpg-'));
fs.copyFileSync(f, path.join(work, 'in.pdf'));
const t = Date.now();
const prog: number[] = [];
const r = await pdfToJpg({ inputs: [{ path: path.join(work, 'in.pdf'), name: path.basename(f), kind: 'pdf' }], options: getTool('pdf-to-jpg')!.options.parse(JSON.parse(optsJson)), workDir: work, signal: new AbortController().signal, progress: async (p) => { prog.push(p); } });
console.log(Date.now() - t, 'ms', r.outputs.length, 'outputs', prog.map((p) => p.toFixed(2)).join(' '));
for (const o of r.outputs.slice(0, 6)) {
  let m: any = {};
  try { m = await sharp(o.path).metadata(); } catch { m = { format: fs.readFileSync(o.path).subarray(0, 2).toString() }; }
  console.log(o.name, fs.statSync(o.path).size, m.format, m.width, m.height, m.channels, m.hasAlpha);
}
if (process.argv[4]) fs.cpSync(work, process.argv[4], { recursive: true });
fs.rmSync(work, { recursive: true });
