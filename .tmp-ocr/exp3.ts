import sharp from 'sharp';
import { execFileSync } from 'node:child_process';
import { analysePage } from '../worker/src/ocr/deskew';
const S = '/work/shared/fixtures/scanned/';
async function grey(buf: Buffer | string, rotate = 0) {
  const { data, info } = await sharp(buf).rotate(rotate, { background: '#fff' }).greyscale().resize(1500, 1500, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
for (const f of ['ocrmypdf_skew.pdf', 'ocrmypdf_rotated_skew.pdf', 'ocrmypdf_francais.pdf', 'ocrmypdf_c02-22.pdf', 'ocrmypdf_epson.pdf', 'ocrmypdf_ccitt.pdf']) {
  execFileSync('pdftoppm', ['-png', '-gray', '-r', '150', '-singlefile', S + f, '/tmp/ocrx/r']);
  for (const rot of [0, 90, 3]) {
    const t = Date.now();
    const g = await grey('/tmp/ocrx/r.png', rot);
    const t2 = Date.now();
    const a = analysePage(g);
    console.log(f, rot, `${g.width}x${g.height}`, 'skew', a.skew.angle, 'side', a.sideways.angle, 'ratio', (a.sideways.score / a.skew.score).toFixed(2), a.isSideways, 'ink', a.ink.toFixed(3), 'ms', t2 - t, Date.now() - t2);
  }
}
for (const f of ['ocrmypdf_linn.png', 'tesseract_eurotext.tif', 'tesseract_phototest.tif']) {
  for (const rot of [0, 90, 180, -7]) {
    const g = await grey(S + f, rot);
    const a = analysePage(g);
    console.log(f, rot, 'skew', a.skew.angle, 'side', a.sideways.angle, 'ratio', (a.sideways.score / a.skew.score).toFixed(2), a.isSideways);
  }
}
