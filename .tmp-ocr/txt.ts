import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { pageText, parseTextLayout } from '../worker/src/text/text-layout';
const words = (s: string) => new Set(s.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
const dir = '/work/shared/fixtures/pdf/';
const only = process.argv[2];
for (const f of fs.readdirSync(dir)) {
  if (only && !f.includes(only)) continue;
  try {
    const x = execFileSync('pdftotext', ['-q', '-bbox-layout', dir + f, '-'], { encoding: 'utf8', maxBuffer: 1e9 });
    const ours = parseTextLayout(x).map(pageText).join('\f');
    const ref = execFileSync('pdftotext', ['-q', dir + f, '-'], { encoding: 'utf8', maxBuffer: 1e9 });
    const a = words(ours), b = words(ref);
    const missing = [...b].filter((w) => !a.has(w)), extra = [...a].filter((w) => !b.has(w));
    console.log(f, 'pages', (ref.match(/\f/g) ?? []).length, (ours.match(/\f/g) ?? []).length + 1, 'missing', missing.length, missing.slice(0, 5).join(','), 'extra', extra.length, extra.slice(0, 5).join(','));
    if (only) fs.writeFileSync('/tmp/ocrx/ours.txt', ours);
  } catch (e) { console.log(f, 'ERR', String(e).slice(0, 100)); }
}
