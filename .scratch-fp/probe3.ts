import fs from 'node:fs';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
const doc = await getDocument({ data: new Uint8Array(fs.readFileSync(process.argv[2])), verbosity: 0 }).promise;
const page = await doc.getPage(Number(process.argv[3]));
const ops = await page.getOperatorList();
const names = Object.fromEntries(Object.entries(OPS).map(([k, v]) => [v, k]));
let n = 0;
for (let i = 0; i < ops.fnArray.length && n < 15; i++) if (ops.fnArray[i] === OPS.constructPath || ops.fnArray[i] === OPS.setFillRGBColor || ops.fnArray[i] === OPS.paintImageXObject) { n++; console.log(names[ops.fnArray[i]], JSON.stringify(ops.argsArray[i], (k, v) => ArrayBuffer.isView(v) ? Array.from(v as any).slice(0, 20) : v)); }
