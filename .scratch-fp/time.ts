import fs from 'node:fs';
import { getDocument, AnnotationMode } from 'pdfjs-dist/legacy/build/pdf.mjs';
const doc = await getDocument({ data: new Uint8Array(fs.readFileSync(process.argv[2])), verbosity: 0, disableFontFace: true, isOffscreenCanvasSupported: false }).promise;
for (let n = 1; n <= Math.min(doc.numPages, 5); n++) {
  const page = await doc.getPage(n);
  let t = Date.now();
  await page.getOperatorList({ annotationMode: AnnotationMode.DISABLE });
  const a = Date.now() - t; t = Date.now();
  await page.getTextContent();
  console.log(n, 'ops', a, 'text', Date.now() - t);
}
