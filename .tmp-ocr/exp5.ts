import { createWorker, OEM } from 'tesseract.js';
import sharp from 'sharp';
import fs from 'node:fs';
const dir = '/tmp/ocrx/tessdata';
const w = await createWorker('eng', OEM.LSTM_ONLY, { langPath: dir, cacheMethod: 'none', gzip: true, errorHandler: () => {} });
await w.setParameters({ tessedit_pageseg_mode: '3' as any, user_defined_dpi: '300' });
const f = '/work/shared/fixtures/scanned/ocrmypdf_linn.png';
const variants: Record<string, Buffer> = {
  original: fs.readFileSync(f),
  grey: await sharp(f).greyscale().png({ compressionLevel: 1 }).toBuffer(),
  rgb: await sharp(f).png({ compressionLevel: 1 }).toBuffer(),
  greyRaw: await sharp(f).greyscale().png({ compressionLevel: 0 }).toBuffer(),
};
for (const [k, png] of Object.entries(variants)) {
  const t1 = Date.now();
  const r = await w.recognize(png, {}, { text: true });
  console.log(k, png.length, 'ms', Date.now() - t1, 'conf', r.data.confidence);
}
await w.terminate();
