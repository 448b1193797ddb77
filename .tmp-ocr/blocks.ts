import { execFileSync } from 'node:child_process';
import { parseTextLayout, lineText } from '../worker/src/text/text-layout';
const x = execFileSync('pdftotext', ['-q', '-bbox-layout', '-f', process.argv[3] ?? '1', '-l', process.argv[3] ?? '1', process.argv[2], '-'], { encoding: 'utf8', maxBuffer: 1e9 });
const [p] = parseTextLayout(x);
for (const b of p.blocks) console.log(b.x0.toFixed(0), b.y0.toFixed(0), b.x1.toFixed(0), b.y1.toFixed(0), JSON.stringify(lineText(b.lines[0]).slice(0, 40)), b.lines.length);
