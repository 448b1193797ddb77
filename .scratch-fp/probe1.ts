import fs from 'node:fs';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
const file = process.argv[2]; const pageNo = Number(process.argv[3] ?? 1);
const doc = await getDocument({ data: new Uint8Array(fs.readFileSync(file)), verbosity: 0, disableFontFace: true, useSystemFonts: false }).promise;
const page = await doc.getPage(pageNo);
const vp = page.getViewport({ scale: 1 });
console.log('viewport', vp.width, vp.height, vp.transform);
const ops = await page.getOperatorList();
const tc = await page.getTextContent();
console.log(Object.entries(tc.styles).slice(0,20));
const fonts = new Set(tc.items.map((i: any) => i.fontName));
for (const f of fonts) { try { const o: any = page.commonObjs.get(f); console.log(f, o.name, o.bold, o.italic, o.black, o.fallbackName, o.loadedName); } catch (e) { console.log(f, 'ERR', String(e)); } }
for (const it of tc.items.slice(0, 40) as any[]) console.log(JSON.stringify({ s: it.str, t: it.transform.map((n: number) => +n.toFixed(2)), w: +it.width.toFixed(2), h: +it.height.toFixed(2), f: it.fontName, eol: it.hasEOL, dir: it.dir }));
const counts: Record<string, number> = {};
const names = Object.fromEntries(Object.entries(OPS).map(([k, v]) => [v, k]));
for (const fn of ops.fnArray) counts[names[fn]] = (counts[names[fn]] ?? 0) + 1;
console.log(counts);
const i = ops.fnArray.indexOf(OPS.constructPath); if (i >= 0) console.log('cp', ops.argsArray[i]);
const j = ops.fnArray.indexOf(OPS.showText); if (j >= 0) console.log('st', JSON.stringify(ops.argsArray[j][0].slice(0,3)));
