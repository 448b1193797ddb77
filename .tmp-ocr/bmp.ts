import { decodeBmp } from '../worker/src/bmp-decode';
import fs from 'node:fs';
import sharp from 'sharp';
const b = decodeBmp(fs.readFileSync('/work/shared/fixtures/images/unstructured_bmp_24.bmp'), 1e9);
console.log(b.width, b.height, b.channels, b.dpi);
await sharp(b.data, { raw: { width: b.width, height: b.height, channels: b.channels } }).png().toFile('/tmp/ocrx/bmp.png');
