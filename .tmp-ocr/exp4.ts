import { createWorker, OEM } from 'tesseract.js';
import sharp from 'sharp';
import fs from 'node:fs';
const dir = '/tmp/ocrx/tessdata';
const w = await createWorker('eng', OEM.LSTM_ONLY, { langPath: dir, cacheMethod: 'none', gzip: true, errorHandler: () => {} });
await w.setParameters({ tessedit_pageseg_mode: '3' as any, user_defined_dpi: '300' });
for (const f of ['/work/shared/fixtures/scanned/ocrmypdf_linn.png', '/work/shared/fixtures/scanned/tesseract_eurotext.tif']) {
  for (const rot of [0, 180, 90]) {
    const png = await sharp(f).rotate(rot).png().toBuffer();
    const t1 = Date.now();
    const r = await w.recognize(png, {}, { text: true });
    console.log(f.split('/').pop(), rot, 'ms', Date.now() - t1, 'conf', r.data.confidence, JSON.stringify(r.data.text.slice(0, 80)));
    // crop: central band 
    const meta = await sharp(png).metadata();
    const crop = await sharp(png).extract({ left: 0, top: Math.round(meta.height! * 0.3), width: meta.width!, height: Math.round(meta.height! * 0.25) }).png().toBuffer();
    const t2 = Date.now();
    const r2 = await w.recognize(crop, {}, { text: true });
    console.log('   crop ms', Date.now() - t2, 'conf', r2.data.confidence);
  }
}
await w.terminate();
