/**
 * Writes an uncompressed 24-bit Windows bitmap (BITMAPINFOHEADER, bottom-up rows padded to four
 * bytes), the BMP every viewer opens. sharp's prebuilt libvips cannot write BMP.
 */
export function encodeBmp(image: { width: number; height: number; channels: number; data: Uint8Array; dpi?: number }): Buffer {
  const { width, height, channels, data } = image;
  if (channels !== 1 && channels !== 3) throw new Error(`encodeBmp takes grey or RGB pixels, not ${channels} channels`);
  const rowBytes = Math.ceil((width * 3) / 4) * 4;
  const headerBytes = 14 + 40;
  const out = Buffer.alloc(headerBytes + rowBytes * height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(headerBytes, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(0, 30);
  out.writeUInt32LE(rowBytes * height, 34);
  const ppm = Math.round((image.dpi ?? 72) / 0.0254);
  out.writeInt32LE(ppm, 38);
  out.writeInt32LE(ppm, 42);
  for (let y = 0; y < height; y++) {
    let at = headerBytes + (height - 1 - y) * rowBytes;
    let from = y * width * channels;
    for (let x = 0; x < width; x++, from += channels) {
      const r = data[from];
      const g = channels === 3 ? data[from + 1] : r;
      const b = channels === 3 ? data[from + 2] : r;
      out[at++] = b;
      out[at++] = g;
      out[at++] = r;
    }
  }
  return out;
}
